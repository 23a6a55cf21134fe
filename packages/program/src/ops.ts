import type { Command, WidgetPatch } from "./commands";
import {
  cloneScene,
  cloneWidgets,
  createScene,
  createWidget,
  type ProgramDoc,
  type Scene,
  type Size,
  topZ,
} from "./document";
import type { Widget, WidgetProps, WidgetType } from "./widgets";

/**
 * Builders of the editor's commands: each reads the document and returns the
 * command that does what the operator asked (nothing is applied here).
 */

export function sceneOf(doc: ProgramDoc, sceneId: string): Scene {
  const scene = doc.scenes.find((s) => s.id === sceneId);
  if (!scene) throw new Error(`no scene ${sceneId}`);
  return scene;
}

export function addScene(
  doc: ProgramDoc,
  name: string,
  kind: Scene["kind"] = "main",
  index = doc.scenes.length,
): Command {
  return { t: "scene.add", index, scene: createScene(name, kind) };
}

/** Duplicate: a deep copy with new ids right after the original. */
export function duplicateScene(doc: ProgramDoc, sceneId: string, name: string): Command {
  const index = doc.scenes.findIndex((s) => s.id === sceneId);
  return { t: "scene.add", index: index + 1, scene: cloneScene(sceneOf(doc, sceneId), name) };
}

/** Paste of the copied scene (§3): a fresh deep copy each time, after the given scene (or at the end). */
export function pasteScene(doc: ProgramDoc, copied: Scene, afterSceneId?: string): Command {
  const at = afterSceneId ? doc.scenes.findIndex((s) => s.id === afterSceneId) + 1 : doc.scenes.length;
  // Buttons pointing at scenes of another program would dangle: they lose their target.
  const scene = cloneScene(copied);
  const ids = new Set(doc.scenes.map((s) => s.id));
  scene.widgets = scene.widgets.map((w) =>
    w.type === "button" && w.props.targetSceneId && !ids.has(w.props.targetSceneId)
      ? { ...w, props: { ...w.props, targetSceneId: null } }
      : w,
  );
  return { t: "scene.add", index: at > 0 ? at : doc.scenes.length, scene };
}

export function addWidget<T extends WidgetType>(
  doc: ProgramDoc,
  sceneId: string,
  type: T,
  options: { at?: { x: number; y: number }; defaults?: Partial<WidgetProps<T>> } = {},
): { command: Command; widget: Widget } {
  const scene = sceneOf(doc, sceneId);
  const widget = createWidget(type, doc, { ...options, z: topZ(scene) }) as Widget;
  // A new jump button points at the next main scene, so the program stays valid as it is added.
  if (widget.type === "button" && widget.props.action === "jump" && widget.props.targetSceneId === null) {
    const mains = doc.scenes.filter((s) => s.kind === "main");
    const at = mains.findIndex((s) => s.id === sceneId);
    widget.props.targetSceneId = (mains[(at + 1) % mains.length] ?? mains[0])?.id ?? null;
  }
  return {
    command: { t: "widget.add", sceneId, widgets: [{ index: scene.widgets.length, widget }] },
    widget,
  };
}

/** Pastes copied widgets into a scene, offset so the copy is visible, above everything. */
export function pasteWidgets(
  doc: ProgramDoc,
  sceneId: string,
  widgets: Widget[],
  offset = 20,
): { command: Command; ids: string[] } {
  const scene = sceneOf(doc, sceneId);
  const copies = cloneWidgets(widgets, offset, topZ(scene));
  return {
    command: {
      t: "widget.add",
      sceneId,
      widgets: copies.map((widget, i) => ({ index: scene.widgets.length + i, widget })),
    },
    ids: copies.map((w) => w.id),
  };
}

/** Frames after a drag/resize/rotate: one command for the whole gesture. */
export function setFrames(
  sceneId: string,
  frames: Array<{ id: string } & Partial<Pick<Widget, "x" | "y" | "w" | "h" | "rotation">>>,
): Command {
  return { t: "widget.update", sceneId, changes: frames.map(({ id, ...patch }) => ({ id, patch })) };
}

export function setProps(sceneId: string, id: string, props: Record<string, unknown>): Command {
  return { t: "widget.update", sceneId, changes: [{ id, patch: { props } }] };
}

export function patchWidgets(sceneId: string, ids: string[], patch: WidgetPatch): Command {
  return { t: "widget.update", sceneId, changes: ids.map((id) => ({ id, patch })) };
}

function movable(scene: Scene, ids: string[]): Widget[] {
  const set = new Set(ids);
  return scene.widgets.filter((w) => set.has(w.id) && !w.locked);
}

/** Arrow keys: moves the unlocked selected widgets; null when nothing moves. */
export function nudge(
  doc: ProgramDoc,
  sceneId: string,
  ids: string[],
  dx: number,
  dy: number,
): Command | null {
  const ws = movable(sceneOf(doc, sceneId), ids);
  if (ws.length === 0) return null;
  return setFrames(
    sceneId,
    ws.map((w) => ({ id: w.id, x: w.x + dx, y: w.y + dy })),
  );
}

export type AlignMode = "left" | "hcenter" | "right" | "top" | "vcenter" | "bottom";

/**
 * Aligns widgets to the edge or centre of their common box — or of the canvas
 * when a single widget is selected.
 */
export function align(doc: ProgramDoc, sceneId: string, ids: string[], mode: AlignMode): Command | null {
  const ws = movable(sceneOf(doc, sceneId), ids);
  if (ws.length === 0) return null;
  const box =
    ws.length === 1
      ? { left: 0, top: 0, right: doc.width, bottom: doc.height }
      : {
          left: Math.min(...ws.map((w) => w.x)),
          top: Math.min(...ws.map((w) => w.y)),
          right: Math.max(...ws.map((w) => w.x + w.w)),
          bottom: Math.max(...ws.map((w) => w.y + w.h)),
        };
  const frames = ws.map((w) => {
    switch (mode) {
      case "left":
        return { id: w.id, x: box.left };
      case "right":
        return { id: w.id, x: box.right - w.w };
      case "hcenter":
        return { id: w.id, x: Math.round((box.left + box.right - w.w) / 2) };
      case "top":
        return { id: w.id, y: box.top };
      case "bottom":
        return { id: w.id, y: box.bottom - w.h };
      default:
        return { id: w.id, y: Math.round((box.top + box.bottom - w.h) / 2) };
    }
  });
  return setFrames(sceneId, frames);
}

/** Spreads three or more widgets so the gaps between them are equal; the outer two stay. */
export function distribute(doc: ProgramDoc, sceneId: string, ids: string[], axis: "h" | "v"): Command | null {
  const ws = movable(sceneOf(doc, sceneId), ids);
  if (ws.length < 3) return null;
  const pos = (w: Widget) => (axis === "h" ? w.x : w.y);
  const len = (w: Widget) => (axis === "h" ? w.w : w.h);
  const sorted = [...ws].sort((a, b) => pos(a) - pos(b));
  const first = sorted[0] as Widget;
  const last = sorted[sorted.length - 1] as Widget;
  const span = pos(last) + len(last) - pos(first);
  const gap = (span - sorted.reduce((s, w) => s + len(w), 0)) / (sorted.length - 1);
  let at = pos(first);
  const frames = sorted.map((w) => {
    const frame = axis === "h" ? { id: w.id, x: Math.round(at) } : { id: w.id, y: Math.round(at) };
    at += len(w) + gap;
    return frame;
  });
  return setFrames(sceneId, frames);
}

export type OrderMove = "front" | "back" | "forward" | "backward";

/** Changes the stacking order; z values are renumbered 0…n-1 in the new order. */
export function reorder(doc: ProgramDoc, sceneId: string, ids: string[], move: OrderMove): Command | null {
  const scene = sceneOf(doc, sceneId);
  const order = scene.widgets
    .map((w, i) => ({ w, i }))
    .sort((a, b) => a.w.z - b.w.z || a.i - b.i)
    .map((e) => e.w.id);
  const set = new Set(ids);
  let next: string[];
  if (move === "front") next = [...order.filter((id) => !set.has(id)), ...order.filter((id) => set.has(id))];
  else if (move === "back")
    next = [...order.filter((id) => set.has(id)), ...order.filter((id) => !set.has(id))];
  else {
    next = order.slice();
    const step = move === "forward" ? 1 : -1;
    const indices = next.map((id, i) => (set.has(id) ? i : -1)).filter((i) => i >= 0);
    for (const i of step > 0 ? indices.reverse() : indices) {
      const j = i + step;
      if (j < 0 || j >= next.length || set.has(next[j] as string)) continue;
      [next[i], next[j]] = [next[j] as string, next[i] as string];
    }
  }
  return zOrder(doc, sceneId, next);
}

/** Sets the stacking order to the given list (bottom first), e.g. after a drag in the layers panel. */
export function zOrder(doc: ProgramDoc, sceneId: string, bottomFirst: string[]): Command | null {
  const scene = sceneOf(doc, sceneId);
  const changes = bottomFirst
    .map((id, z) => ({ id, z, w: scene.widgets.find((w) => w.id === id) }))
    .filter((e) => e.w && e.w.z !== e.z)
    .map((e) => ({ id: e.id, patch: { z: e.z } }));
  return changes.length === 0 ? null : { t: "widget.update", sceneId, changes };
}

/** Resize of the canvas: widgets keep their place relative to the new size when `scale` is on. */
export function resizeCanvas(doc: ProgramDoc, size: Size, scale: boolean): Command {
  const commands: Command[] = [{ t: "program.set", patch: { width: size.width, height: size.height } }];
  if (scale) {
    const sx = size.width / doc.width;
    const sy = size.height / doc.height;
    for (const scene of doc.scenes) {
      if (scene.widgets.length === 0) continue;
      commands.push(
        setFrames(
          scene.id,
          scene.widgets.map((w) => ({
            id: w.id,
            x: Math.round(w.x * sx),
            y: Math.round(w.y * sy),
            w: Math.max(1, Math.round(w.w * sx)),
            h: Math.max(1, Math.round(w.h * sy)),
          })),
        ),
      );
    }
  }
  return commands.length === 1 ? (commands[0] as Command) : { t: "batch", commands };
}
