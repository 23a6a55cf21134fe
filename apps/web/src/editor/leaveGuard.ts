import { useCallback, useEffect, useMemo, useRef } from "react";
import { useEditor } from "./store";

/**
 * Warns before unsaved changes are lost: closing or reloading the tab
 * (`beforeunload`), and the browser's back button. The console runs in a
 * <BrowserRouter>, where react-router's useBlocker is not available, and the
 * router handles a history move before any listener of this page could stop
 * it. So while the editor is dirty a copy of its own history entry sits on top
 * (a "trap"): going back leaves the copy, the page stays, and the user is
 * asked; leaving goes back once more.
 */

const TRAP = "mqEditorTrap";

/** Whether a history state is the editor's trap entry. */
export function isTrapState(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[TRAP] === true;
}

export interface LeaveGuard {
  /** Leaves without asking (the user already chose): back past the trap, or to `fallback` when there is no page before. */
  leave(fallback: () => void): void;
  /** Replaces the editor's address (a program created or switched to a copy) under the trap. */
  replaceUrl(navigateReplace: () => void): void;
}

export function useLeaveGuard(isDirty: () => boolean, confirmLeave: () => Promise<boolean>): LeaveGuard {
  const trapped = useRef(false);
  const bypass = useRef(false);
  /** Something to do once the trap is left on purpose (replacing the address). */
  const afterUntrap = useRef<(() => void) | null>(null);
  const latest = useRef({ isDirty, confirmLeave });
  latest.current = { isDirty, confirmLeave };

  const arm = useCallback(() => {
    if (trapped.current || bypass.current || isTrapState(window.history.state)) return;
    window.history.pushState({ ...(window.history.state as object | null), [TRAP]: true }, "");
    trapped.current = true;
  }, []);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (bypass.current || !latest.current.isDirty()) return;
      e.preventDefault();
      // Older browsers want a value; the text is the browser's own.
      e.returnValue = "";
    };
    const onPopState = (e: PopStateEvent) => {
      if (bypass.current || !trapped.current || isTrapState(e.state)) return;
      // Back from the trap onto the editor's own entry: the page is still here.
      trapped.current = false;
      const then = afterUntrap.current;
      if (then) {
        afterUntrap.current = null;
        then();
        if (latest.current.isDirty()) arm();
        return;
      }
      if (!latest.current.isDirty()) {
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
    const unsubscribe = useEditor.subscribe(() => {
      if (latest.current.isDirty()) arm();
    });
    if (latest.current.isDirty()) arm();
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("popstate", onPopState);
      unsubscribe();
    };
  }, [arm]);

  return useMemo(
    () => ({
      leave(fallback) {
        bypass.current = true;
        const idx = (window.history.state as { idx?: unknown } | null)?.idx;
        const before = typeof idx === "number" && idx > 0;
        if (before) window.history.go(trapped.current ? -2 : -1);
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
