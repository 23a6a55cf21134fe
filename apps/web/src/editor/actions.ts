import {
  type AlignMode,
  addWidget,
  align,
  distribute,
  nudge,
  type OrderMove,
  pasteWidgets,
  reorder,
  type Widget,
  type WidgetProps,
  type WidgetType,
} from "@marquee/program";
import { clampZoom, stepZoom } from "./geometry";
import { activeScene, useEditor } from "./store";

/**
 * The editor's operations on the selection, shared by the toolbar, the
 * keyboard, the layers panel and the canvas. Each is one `dispatch` (one undo
 * step) labelled with a key of `editor.step.*`.
 */

/** Undo-step labels of the editor (message keys, shown in the undo/redo tooltips). */
export const STEP = {
  add: "editor.step.add",
  delete: "editor.step.delete",
  move: "editor.step.move",
  resize: "editor.step.resize",
  rotate: "editor.step.rotate",
  nudge: "editor.step.nudge",
  align: "editor.step.align",
  distribute: "editor.step.distribute",
  order: "editor.step.order",
  lock: "editor.step.lock",
  unlock: "editor.step.unlock",
  hide: "editor.step.hide",
  show: "editor.step.show",
  paste: "editor.step.paste",
  duplicate: "editor.step.duplicate",
  rename: "editor.step.rename",
  sceneAdd: "editor.step.sceneAdd",
  sceneDuplicate: "editor.step.sceneDuplicate",
  scenePaste: "editor.step.scenePaste",
  sceneMove: "editor.step.sceneMove",
  sceneDelete: "editor.step.sceneDelete",
  sceneRename: "editor.step.sceneRename",
} as const;

/** Copied widgets (Ctrl+C), kept in memory for this page; pasting into any scene of the program. */
let clipboard: Widget[] = [];

/** The selected widgets of the active scene, in the scene's order. */
export function selectedWidgets(): Widget[] {
  const s = useEditor.getState();
  const ids = new Set(s.selectedIds);
  return activeScene(s).widgets.filter((w) => ids.has(w.id));
}

/** Adds a widget to the active scene (at a design point, else the canvas centre) and selects it. */
export function addWidgetAt(
  type: WidgetType,
  defaults: Record<string, unknown> | undefined,
  at?: { x: number; y: number },
): string | null {
  const s = useEditor.getState();
  const sceneId = activeScene(s).id;
  const { command, widget } = addWidget(s.doc, sceneId, type, {
    ...(at ? { at: { x: Math.round(at.x), y: Math.round(at.y) } } : {}),
    ...(defaults ? { defaults: defaults as Partial<WidgetProps> } : {}),
  });
  if (!s.dispatch(command, STEP.add)) return null;
  useEditor.getState().select([widget.id]);
  return widget.id;
}

/** Deletes the selected widgets that are not locked; says how many were deleted and how many were kept. */
export function deleteSelection(): { deleted: number; locked: number } {
  const s = useEditor.getState();
  const chosen = selectedWidgets();
  const ids = chosen.filter((w) => !w.locked).map((w) => w.id);
  const locked = chosen.length - ids.length;
  if (ids.length === 0) return { deleted: 0, locked };
  const ok = s.dispatch({ t: "widget.remove", sceneId: activeScene(s).id, ids }, STEP.delete);
  return { deleted: ok ? ids.length : 0, locked };
}

/** Copies the selected widgets to the editor's clipboard; the number copied. */
export function copySelection(): number {
  const chosen = selectedWidgets();
  if (chosen.length > 0) clipboard = structuredClone(chosen);
  return chosen.length;
}

function pasteInto(widgets: Widget[], label: string): string[] {
  const s = useEditor.getState();
  if (widgets.length === 0) return [];
  const { command, ids } = pasteWidgets(s.doc, activeScene(s).id, widgets);
  if (!s.dispatch(command, label)) return [];
  useEditor.getState().select(ids);
  return ids;
}

/** Pastes the clipboard into the active scene, offset; the next paste lands further on. */
export function pasteClipboard(): number {
  const ids = pasteInto(clipboard, STEP.paste);
  const pasted = new Set(ids);
  const copies = activeScene(useEditor.getState()).widgets.filter((w) => pasted.has(w.id));
  if (copies.length > 0) clipboard = structuredClone(copies);
  return ids.length;
}

/** Duplicates the selected widgets in place, offset, and selects the copies. */
export function duplicateSelection(): number {
  return pasteInto(selectedWidgets(), STEP.duplicate).length;
}

/** Selects every visible widget of the active scene. */
export function selectAll(): void {
  const s = useEditor.getState();
  s.select(
    activeScene(s)
      .widgets.filter((w) => !w.hidden)
      .map((w) => w.id),
  );
}

/** Arrow keys: a held key is one undo step (the merge key joins the repeats). */
export function nudgeSelection(dx: number, dy: number): boolean {
  const s = useEditor.getState();
  const sceneId = activeScene(s).id;
  return s.dispatch(
    nudge(s.doc, sceneId, s.selectedIds, dx, dy),
    STEP.nudge,
    `nudge:${s.selectedIds.join(",")}`,
  );
}

export function alignSelection(mode: AlignMode): boolean {
  const s = useEditor.getState();
  return s.dispatch(align(s.doc, activeScene(s).id, s.selectedIds, mode), STEP.align);
}

export function distributeSelection(axis: "h" | "v"): boolean {
  const s = useEditor.getState();
  return s.dispatch(distribute(s.doc, activeScene(s).id, s.selectedIds, axis), STEP.distribute);
}

export function orderSelection(move: OrderMove, ids?: string[]): boolean {
  const s = useEditor.getState();
  return s.dispatch(reorder(s.doc, activeScene(s).id, ids ?? s.selectedIds, move), STEP.order);
}

/** Sets the zoom (null: fit the window). */
export function setZoom(zoom: number | null): void {
  useEditor.getState().setCanvas({ zoom: zoom === null ? null : clampZoom(zoom) });
}

/** Zooms in or out one step from the scale shown now (also from "fit"). */
export function stepZoomBy(dir: 1 | -1): void {
  setZoom(stepZoom(useEditor.getState().canvas.scale, dir));
}
