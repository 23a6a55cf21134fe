import type { Material, ProgramState } from "@marquee/contracts";
import {
  type Command,
  canRedo,
  canUndo,
  createProgram,
  emptyHistory,
  type History,
  type ProgramDoc,
  push,
  redo,
  type Scene,
  undo,
} from "@marquee/program";
import { create } from "zustand";

/**
 * The program editor's state (spec §3 "Program editor state"). The document
 * changes only through `dispatch`, which records one undo step per call
 * (§4: pushing drops the redo steps beyond the pointer). Selection, the edit
 * type and the canvas size are not steps: changing them keeps undo and redo.
 */

/** What the property panel edits: the scene background by default, or the selected widget(s). */
export type EditType = "background" | "widget" | "program";

/** The canvas (§3): design size w×h, the on-screen size realWidth×realHeight, and scale = real/design. */
export interface CanvasSize {
  w: number;
  h: number;
  realWidth: number;
  realHeight: number;
  scale: number;
  /** Zoom chosen by the user; null = fit to the window. */
  zoom: number | null;
}

export type SaveStatus = "saved" | "unsaved" | "saving" | "error" | "conflict";

export interface EditorState {
  programId: number | null;
  name: string;
  /** Version the document was loaded/saved at (the server's optimistic lock). */
  version: number;
  programState: ProgramState;
  doc: ProgramDoc;
  /** The document as last saved; the editor is dirty while `doc !== savedDoc`. */
  savedDoc: ProgramDoc;
  saveStatus: SaveStatus;
  history: History;
  activeSceneId: string;
  /** Selected widgets of the active scene; the first is the active widget. */
  selectedIds: string[];
  editType: EditType;
  /** Material picker (§3): selected folder ids and select type. */
  selectedFolderIds: number[];
  selectType: "image" | "video" | "audio" | "document" | "web" | "stream" | null;
  /** Materials the program uses, by id (names, thumbnails, addresses for the renderer). */
  materials: Record<number, Material>;
  canvas: CanvasSize;
  /** The copied scene (§3), pasted as a fresh copy each time. */
  copiedScene: Scene | null;
  /** Publish params (§3): filled by the publishing screens. */
  publishParams: Record<string, unknown> | null;

  load(input: {
    id: number | null;
    name: string;
    version: number;
    state: ProgramState;
    doc: ProgramDoc;
    materials?: Material[];
  }): void;
  /** Applies a command as one undo step; returns false (and changes nothing) if the command does not apply. */
  dispatch(command: Command | null, label: string, mergeKey?: string): boolean;
  undo(): void;
  redo(): void;
  select(ids: string[]): void;
  setActiveScene(sceneId: string): void;
  setEditType(type: EditType): void;
  setCanvas(patch: Partial<CanvasSize>): void;
  setName(name: string): void;
  setPicker(patch: Partial<Pick<EditorState, "selectedFolderIds" | "selectType">>): void;
  addMaterials(list: Material[]): void;
  copyScene(sceneId: string): void;
  setSaveStatus(status: SaveStatus): void;
  /** After a successful save of `doc`. */
  markSaved(input: { id: number; version: number; state: ProgramState; doc: ProgramDoc }): void;
}

const initialDoc = createProgram({ width: 1920, height: 1080 });

export const useEditor = create<EditorState>()((set, get) => ({
  programId: null,
  name: "",
  version: 0,
  programState: "draft",
  doc: initialDoc,
  savedDoc: initialDoc,
  saveStatus: "saved",
  history: emptyHistory(),
  activeSceneId: initialDoc.scenes[0]?.id ?? "",
  selectedIds: [],
  editType: "background",
  selectedFolderIds: [],
  selectType: null,
  materials: {},
  canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080, scale: 1, zoom: null },
  copiedScene: null,
  publishParams: null,

  load: ({ id, name, version, state, doc, materials = [] }) =>
    set({
      programId: id,
      name,
      version,
      programState: state,
      doc,
      savedDoc: id === null ? createProgram({ width: doc.width, height: doc.height }) : doc,
      saveStatus: id === null ? "unsaved" : "saved",
      history: emptyHistory(),
      activeSceneId: doc.scenes[0]?.id ?? "",
      selectedIds: [],
      editType: "background",
      materials: Object.fromEntries(materials.map((m) => [m.id, m])),
      canvas: { ...get().canvas, w: doc.width, h: doc.height },
    }),

  dispatch: (command, label, mergeKey) => {
    if (!command) return false;
    const { history, doc } = get();
    let next: ReturnType<typeof push>;
    try {
      next = push(history, doc, command, mergeKey === undefined ? { label } : { label, mergeKey });
    } catch {
      return false;
    }
    set((s) => fixSelection({ ...s, doc: next.doc, history: next.history, saveStatus: "unsaved" }));
    return true;
  },
  undo: () => {
    const { history, doc } = get();
    if (!canUndo(history)) return;
    const r = undo(history, doc);
    if (r)
      set((s) =>
        fixSelection({ ...s, doc: r.doc, history: r.history, saveStatus: dirty(r.doc, s.savedDoc) }),
      );
  },
  redo: () => {
    const { history, doc } = get();
    if (!canRedo(history)) return;
    const r = redo(history, doc);
    if (r)
      set((s) =>
        fixSelection({ ...s, doc: r.doc, history: r.history, saveStatus: dirty(r.doc, s.savedDoc) }),
      );
  },
  select: (ids) => set({ selectedIds: ids, editType: ids.length > 0 ? "widget" : "background" }),
  setActiveScene: (sceneId) => set({ activeSceneId: sceneId, selectedIds: [], editType: "background" }),
  setEditType: (editType) => set({ editType }),
  setCanvas: (patch) => set((s) => ({ canvas: { ...s.canvas, ...patch } })),
  setName: (name) => set({ name, saveStatus: "unsaved" }),
  setPicker: (patch) => set(patch),
  addMaterials: (list) =>
    set((s) => ({ materials: { ...s.materials, ...Object.fromEntries(list.map((m) => [m.id, m])) } })),
  copyScene: (sceneId) => {
    const scene = get().doc.scenes.find((s) => s.id === sceneId);
    if (scene) set({ copiedScene: structuredClone(scene) });
  },
  setSaveStatus: (saveStatus) => set({ saveStatus }),
  markSaved: ({ id, version, state, doc }) =>
    set((s) => ({
      programId: id,
      version,
      programState: state,
      savedDoc: doc,
      saveStatus: s.doc === doc ? "saved" : "unsaved",
    })),
}));

function dirty(doc: ProgramDoc, saved: ProgramDoc): SaveStatus {
  return doc === saved ? "saved" : "unsaved";
}

/** After undo/redo the active scene or selected widgets may be gone: fall back to what exists. */
function fixSelection(s: EditorState): EditorState {
  const scene = s.doc.scenes.find((x) => x.id === s.activeSceneId) ?? s.doc.scenes[0];
  const activeSceneId = scene?.id ?? "";
  const ids = new Set(scene?.widgets.map((w) => w.id));
  const selectedIds = activeSceneId === s.activeSceneId ? s.selectedIds.filter((id) => ids.has(id)) : [];
  const editType = selectedIds.length === 0 && s.editType === "widget" ? "background" : s.editType;
  return {
    ...s,
    activeSceneId,
    selectedIds,
    editType,
    canvas: { ...s.canvas, w: s.doc.width, h: s.doc.height },
  };
}

/** The active scene (always one: a program keeps at least one scene). */
export function activeScene(s: Pick<EditorState, "doc" | "activeSceneId">): Scene {
  return (s.doc.scenes.find((x) => x.id === s.activeSceneId) ?? s.doc.scenes[0]) as Scene;
}

// The browser tests and the editor benchmark read and drive the document through this handle.
if (typeof window !== "undefined")
  (window as unknown as { __marqueeEditor?: typeof useEditor }).__marqueeEditor = useEditor;
