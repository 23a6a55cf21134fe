import type { Material, ProgramSummary } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { programApi, type SaveAnswer, VersionConflict } from "../features/program/api";
import { HttpError } from "../services/http";
import type { SaveReason } from "./saveScheduler";
import { useEditor } from "./store";
import { useEditorUi } from "./ui";

/**
 * One save of the program, and what follows it: the editor marked saved, a
 * conflict kept for the user to resolve (autosave pauses meanwhile), field
 * errors handed to the screen with the document they are about.
 */

/**
 * Whether there is work to lose: the document or the name differ from what was
 * last saved. A new program nobody has edited yet has nothing to lose.
 */
export function isDirty(): boolean {
  const s = useEditor.getState();
  if (s.programId === null) return s.history.pointer > 0;
  return s.doc !== s.savedDoc || s.name !== useEditorUi.getState().savedName;
}

/** The displayed save state: a conflict and a save in progress come first, then dirtiness. */
export type SaveDisplay = "saved" | "unsaved" | "saving" | "error" | "conflict";

export interface SaveHandlers {
  /** A new program was created by this save (its address should say so). */
  created(id: number): void;
  /** The server refused the document: its field errors, about the document that was sent. */
  invalid(errors: Array<{ field: string; message: string }>, doc: ProgramDoc): void;
  /** Any other failure, already in the user's language when the server gave one. */
  failed(message: string): void;
}

function finish(r: SaveAnswer, doc: ProgramDoc, name: string): void {
  useEditor.getState().markSaved({ id: r.id, version: r.version, state: r.state, doc });
  useEditorUi.getState().set({ savedName: name, savedAt: r.updateDate, saveError: null });
  // A rename typed while the save was on the way is not saved yet.
  if (isDirty()) useEditor.getState().setSaveStatus("unsaved");
}

function fail(e: unknown, doc: ProgramDoc, handlers: SaveHandlers): void {
  const editor = useEditor.getState();
  if (e instanceof VersionConflict) {
    useEditorUi.getState().set({ conflict: e.current, conflictHidden: false, saveError: null });
    editor.setSaveStatus("conflict");
    return;
  }
  const message = e instanceof Error ? e.message : String(e);
  useEditorUi.getState().set({ saveError: message });
  editor.setSaveStatus("error");
  if (e instanceof HttpError && e.status === 400 && e.fieldErrors.length > 0)
    handlers.invalid(e.fieldErrors, doc);
  else handlers.failed(message);
}

/**
 * Saves if there is something to save: autosave only for a program that
 * exists and is not in conflict; a manual save also creates a new program.
 */
export async function saveProgram(reason: SaveReason, handlers: SaveHandlers): Promise<void> {
  if (useEditorUi.getState().conflict) {
    // Saving again cannot settle a conflict: a manual save brings the user's choices back.
    if (reason === "manual") useEditorUi.getState().set({ conflictHidden: false });
    return;
  }
  const s = useEditor.getState();
  if (reason === "auto" && s.programId === null) return;
  if (s.programId !== null && !isDirty()) return;
  const { doc, name, programId, version } = s;
  s.setSaveStatus("saving");
  try {
    const r = await programApi.save(
      programId === null ? { name, doc } : { id: programId, version, name, doc },
    );
    finish(r, doc, name);
    if (programId === null) handlers.created(r.id);
  } catch (e) {
    fail(e, doc, handlers);
  }
}

/** Conflict, "Overwrite": saves this document over the newer version, as the user chose. */
export async function overwriteProgram(handlers: SaveHandlers): Promise<void> {
  const s = useEditor.getState();
  if (s.programId === null) return;
  const { doc, name, programId, version } = s;
  useEditorUi.getState().set({ conflict: null });
  s.setSaveStatus("saving");
  try {
    finish(await programApi.save({ id: programId, version, force: true, name, doc }), doc, name);
  } catch (e) {
    fail(e, doc, handlers);
  }
}

/** Conflict, "Save mine as a copy": a new program with this document; the editor switches to it. */
export async function saveAsCopy(copyName: string, handlers: SaveHandlers): Promise<void> {
  const s = useEditor.getState();
  const { doc } = s;
  s.setSaveStatus("saving");
  try {
    const r = await programApi.save({ name: copyName, doc });
    useEditor.getState().setName(copyName);
    useEditorUi.getState().set({ conflict: null });
    finish(r, doc, copyName);
    handlers.created(r.id);
  } catch (e) {
    fail(e, doc, handlers);
  }
}

/** Conflict, "Load the latest version": the server's document replaces this one (mine is discarded). */
export async function reloadProgram(id: number): Promise<void> {
  const d = await programApi.detail(id);
  loadDetail(d.program, d.doc, d.materials);
}

/** Puts a program from the server into the editor, as saved. */
export function loadDetail(program: ProgramSummary, doc: ProgramDoc, materials: Material[]): void {
  useEditor.getState().load({
    id: program.id,
    name: program.name,
    version: program.version,
    state: program.state,
    doc,
    materials,
  });
  useEditorUi
    .getState()
    .set({ savedName: program.name, savedAt: program.updateDate, saveError: null, conflict: null });
}
