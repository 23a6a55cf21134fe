/**
 * The editor's keyboard shortcuts as a pure mapping from a key event to an
 * action, so the mapping is tested without a browser. Ctrl and Cmd are the
 * same modifier on every platform.
 */

export type EditorAction =
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "save" }
  | { kind: "copy" }
  | { kind: "paste" }
  | { kind: "duplicate" }
  | { kind: "selectAll" }
  | { kind: "delete" }
  | { kind: "escape" }
  | { kind: "nudge"; dx: number; dy: number }
  | { kind: "zoomIn" }
  | { kind: "zoomOut" }
  | { kind: "zoomFit" }
  | { kind: "zoomActual" };

/** The parts of a KeyboardEvent the mapping reads. */
export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The letter of a shortcut: the typed letter when it is Latin (AZERTY's Z is
 * Z), else the physical key (a Russian layout's "я" key is Z).
 */
export function shortcutLetter(e: Pick<KeyLike, "key" | "code">): string | null {
  if (/^[a-z]$/i.test(e.key)) return e.key.toLowerCase();
  const m = /^Key([A-Z])$/.exec(e.code ?? "");
  return m ? (m[1] as string).toLowerCase() : null;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The action of a key press on the canvas, or null when the editor leaves the key alone. */
export function actionFor(e: KeyLike): EditorAction | null {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey) return null;
  const arrow = ARROWS[e.key];
  if (arrow && !mod) {
    const step = e.shiftKey ? 10 : 1;
    return { kind: "nudge", dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (!mod) {
    if (e.key === "Delete" || e.key === "Backspace") return e.shiftKey ? null : { kind: "delete" };
    if (e.key === "Escape") return { kind: "escape" };
    return null;
  }
  if (e.key === "=" || e.key === "+") return { kind: "zoomIn" };
  if (e.key === "-" || e.key === "_") return { kind: "zoomOut" };
  if (e.key === "0" && !e.shiftKey) return { kind: "zoomFit" };
  if (e.key === "1" && !e.shiftKey) return { kind: "zoomActual" };
  switch (shortcutLetter(e)) {
    case "z":
      return e.shiftKey ? { kind: "redo" } : { kind: "undo" };
    case "y":
      return e.shiftKey ? null : { kind: "redo" };
    case "s":
      return { kind: "save" };
    case "c":
      return e.shiftKey ? null : { kind: "copy" };
    case "v":
      return e.shiftKey ? null : { kind: "paste" };
    case "d":
      return e.shiftKey ? null : { kind: "duplicate" };
    case "a":
      return e.shiftKey ? null : { kind: "selectAll" };
    default:
      return null;
  }
}

/** The parts of an element the typing check reads (a DOM Element has them all). */
export interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}

/** Roles of widgets that use the keys themselves (sliders, spin buttons, lists, menus…). */
const KEY_ROLES = new Set([
  "textbox",
  "slider",
  "spinbutton",
  "combobox",
  "listbox",
  "menu",
  "menuitem",
  "option",
]);

/**
 * Whether a key press belongs to what has focus rather than to the canvas: a
 * field, a contenteditable, a control that uses the arrows, or a dialog.
 */
export function ownsKeys(el: ElementLike | null): boolean {
  if (!el) return false;
  const tag = el.tagName.toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return true;
  if (el.isContentEditable) return true;
  if (KEY_ROLES.has(el.getAttribute("role") ?? "")) return true;
  return (
    el.closest(".ant-modal-wrap, .ant-drawer, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown") !==
    null
  );
}

/** Shortcuts that still work while typing in a field (saving must never be lost to a focused input). */
export function worksWhileTyping(action: EditorAction): boolean {
  return action.kind === "save";
}
