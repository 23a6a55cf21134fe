import { useSyncExternalStore } from "react";

/** The system's reduced-motion setting, asked for once (null where the browser cannot tell). */
let list: MediaQueryList | null | undefined;
const query = () => {
  if (list === undefined) list = window.matchMedia?.("(prefers-reduced-motion: reduce)") ?? null;
  return list;
};

function subscribe(onChange: () => void): () => void {
  query()?.addEventListener("change", onChange);
  return () => query()?.removeEventListener("change", onChange);
}

const reduced = () => query()?.matches ?? false;

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3): then dialogs, drawers and menus
 * appear without zooming or sliding, and the page's entrance (animate.css honours the same setting) is
 * instant. Follows a change of the setting while the console is open.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
