import { useEffect, useRef } from "react";
import {
  copySelection,
  deleteSelection,
  duplicateSelection,
  nudgeSelection,
  pasteClipboard,
  selectAll,
  setZoom,
  stepZoomBy,
} from "./actions";
import { actionFor, type EditorAction, ownsKeys, worksWhileTyping } from "./keyboard";
import { useEditor } from "./store";
import { useEditorUi } from "./ui";

/** Actions that a held key repeats (the others run once per press). */
const REPEATS = new Set<EditorAction["kind"]>(["nudge", "undo", "redo", "zoomIn", "zoomOut"]);

/**
 * The editor's shortcuts on the whole page, except where what has focus uses
 * the keys itself (fields, menus, dialogs) and while the preview is open.
 */
export function useEditorKeyboard(handlers: { save(): void; lockedKept(count: number): void }) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const run = (action: EditorAction) => {
      const s = useEditor.getState();
      switch (action.kind) {
        case "undo":
          return s.undo();
        case "redo":
          return s.redo();
        case "save":
          return latest.current.save();
        case "copy":
          return void copySelection();
        case "paste":
          return void pasteClipboard();
        case "duplicate":
          return void duplicateSelection();
        case "selectAll":
          return selectAll();
        case "delete": {
          const { locked } = deleteSelection();
          if (locked > 0) latest.current.lockedKept(locked);
          return;
        }
        case "escape":
          return s.select([]);
        case "nudge":
          return void nudgeSelection(action.dx, action.dy);
        case "zoomIn":
          return stepZoomBy(1);
        case "zoomOut":
          return stepZoomBy(-1);
        case "zoomFit":
          return setZoom(null);
        case "zoomActual":
          return setZoom(1);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || useEditorUi.getState().previewOpen) return;
      const action = actionFor(e);
      if (!action) return;
      if (ownsKeys(e.target instanceof Element ? e.target : null) && !worksWhileTyping(action)) return;
      e.preventDefault();
      if (e.repeat && !REPEATS.has(action.kind)) return;
      run(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
