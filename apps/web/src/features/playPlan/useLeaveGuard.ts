import { useCallback, useEffect, useMemo, useRef } from "react";
import { isTrapState } from "../../editor/leaveGuard";

/**
 * Warns before unsaved changes to a plan are lost: closing or reloading the
 * tab, and the browser's back button. The console's <BrowserRouter> has no
 * blocker, so (as in the program editor, editor/leaveGuard.ts) a copy of the
 * page's history entry sits on top while there is unsaved work: going back
 * leaves the copy, the page stays, and the user is asked.
 */
export interface LeaveGuard {
  /** Leaves without asking (the user already chose): back past the trap, or `fallback` when there is no page before. */
  leave(fallback: () => void): void;
  /** Replaces the page's address (a plan created, or switched to a copy) under the trap. */
  replaceUrl(navigateReplace: () => void): void;
}

const TRAP = "mqEditorTrap";

export function useLeaveGuard(dirty: boolean, confirmLeave: () => Promise<boolean>): LeaveGuard {
  const trapped = useRef(false);
  const bypass = useRef(false);
  const afterUntrap = useRef<(() => void) | null>(null);
  const latest = useRef({ dirty, confirmLeave });
  latest.current = { dirty, confirmLeave };

  const arm = useCallback(() => {
    if (trapped.current || bypass.current || isTrapState(window.history.state)) return;
    window.history.pushState({ ...(window.history.state as object | null), [TRAP]: true }, "");
    trapped.current = true;
  }, []);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (bypass.current || !latest.current.dirty) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const onPopState = (e: PopStateEvent) => {
      if (bypass.current || !trapped.current || isTrapState(e.state)) return;
      trapped.current = false;
      const then = afterUntrap.current;
      if (then) {
        afterUntrap.current = null;
        then();
        if (latest.current.dirty) arm();
        return;
      }
      if (!latest.current.dirty) {
        bypass.current = true;
        window.history.back();
        return;
      }
      void latest.current.confirmLeave().then((ok) => {
        if (!ok) return arm();
        bypass.current = true;
        window.history.back();
      });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("popstate", onPopState);
    };
  }, [arm]);

  useEffect(() => {
    if (dirty) arm();
  }, [dirty, arm]);

  return useMemo(
    () => ({
      leave(fallback) {
        bypass.current = true;
        const idx = (window.history.state as { idx?: unknown } | null)?.idx;
        if (typeof idx === "number" && idx > 0) window.history.go(trapped.current ? -2 : -1);
        else fallback();
      },
      replaceUrl(navigateReplace) {
        if (!trapped.current) return navigateReplace();
        afterUntrap.current = navigateReplace;
        window.history.back();
      },
    }),
    [],
  );
}
