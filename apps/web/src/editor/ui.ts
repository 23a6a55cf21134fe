import type { ProgramConflict } from "@marquee/contracts";
import { create } from "zustand";

/**
 * The editor's own screen state, beside the document state of `store.ts`:
 * none of it is part of the program or of undo/redo.
 */
export interface EditorUi {
  /** The name as last saved (or loaded); the editor is dirty while the name differs from it. */
  savedName: string | null;
  /** When the last save succeeded (the server's time). */
  savedAt: string | null;
  /** Why the last save failed, shown beside the status. */
  saveError: string | null;
  /** A save refused because someone else saved first: autosave pauses until the user chooses. */
  conflict: ProgramConflict | null;
  /** The conflict dialog was put aside; the status indicator (or Ctrl+S) brings it back. */
  conflictHidden: boolean;
  previewOpen: boolean;
  layersOpen: boolean;
  set(patch: Partial<Omit<EditorUi, "set">>): void;
}

export const useEditorUi = create<EditorUi>()((set) => ({
  savedName: null,
  savedAt: null,
  saveError: null,
  conflict: null,
  conflictHidden: false,
  previewOpen: false,
  layersOpen: true,
  set: (patch) => set(patch),
}));
