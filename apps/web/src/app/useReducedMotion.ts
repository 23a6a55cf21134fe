import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

const reduced = () => window.matchMedia?.(QUERY).matches ?? false;

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3): then dialogs, drawers and menus
 * appear without zooming or sliding, and the page's entrance (animate.css honours the same setting) is
 * instant. Follows a change of the setting while the console is open.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
