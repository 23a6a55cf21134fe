import type { DefaultButton, DefaultButtonKind, ProgramDoc, Scene } from "./document";
import type { DataSource, WidgetFrame } from "./model";
import type { Widget } from "./widgets";

/**
 * Every change to a program is a command. `applyCommand` returns the new
 * document (the old one is never mutated; untouched scenes and widgets are
 * shared) and the command that undoes it. The history keeps both.
 */

/** Fields of a program besides its scenes. */
export type ProgramPatch = Partial<Pick<ProgramDoc, "width" | "height" | "background">>;
/** Fields of a scene besides its widgets. */
export type ScenePatch = Partial<Pick<Scene, "name" | "kind" | "duration" | "transition" | "background">>;
/** A change of a widget: frame fields, and/or some props (merged into the props). */
export type WidgetPatch = Partial<Omit<WidgetFrame, "id">> & { props?: Record<string, unknown> };

export type Command =
  | { t: "program.set"; patch: ProgramPatch }
  | { t: "scene.add"; index: number; scene: Scene }
  | { t: "scene.remove"; sceneId: string }
  | { t: "scene.move"; sceneId: string; to: number }
  | { t: "scene.set"; sceneId: string; patch: ScenePatch }
  | { t: "widget.add"; sceneId: string; widgets: Array<{ index: number; widget: Widget }> }
  | { t: "widget.remove"; sceneId: string; ids: string[] }
  | { t: "widget.update"; sceneId: string; changes: Array<{ id: string; patch: WidgetPatch }> }
  | { t: "dataSources.set"; dataSources: DataSource[] }
  | { t: "defaultButton.set"; kind: DefaultButtonKind; button: DefaultButton }
  | { t: "batch"; commands: Command[] };

export class CommandError extends Error {}

function sceneIndex(doc: ProgramDoc, sceneId: string): number {
  const i = doc.scenes.findIndex((s) => s.id === sceneId);
  if (i < 0) throw new CommandError(`no scene ${sceneId}`);
  return i;
}

function withScene(doc: ProgramDoc, index: number, scene: Scene): ProgramDoc {
  const scenes = doc.scenes.slice();
  scenes[index] = scene;
  return { ...doc, scenes };
}

function pick<T extends object>(obj: T, keys: string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = (obj as Record<string, unknown>)[k];
  return out as Partial<T>;
}

/** The old values of the fields a patch sets, so that applying them restores the widget. */
function inversePatch(w: Widget, patch: WidgetPatch): WidgetPatch {
  const { props, ...frame } = patch;
  const back: WidgetPatch = pick(w, Object.keys(frame)) as WidgetPatch;
  if (props) back.props = pick(w.props as Record<string, unknown>, Object.keys(props));
  return back;
}

function patchWidget(w: Widget, patch: WidgetPatch): Widget {
  const { props, ...frame } = patch;
  const next = { ...w, ...frame } as Widget;
  if (props) next.props = { ...w.props, ...props } as never;
  return next;
}

export function applyCommand(doc: ProgramDoc, cmd: Command): { doc: ProgramDoc; inverse: Command } {
  switch (cmd.t) {
    case "program.set": {
      const back = pick(doc, Object.keys(cmd.patch)) as ProgramPatch;
      return { doc: { ...doc, ...cmd.patch }, inverse: { t: "program.set", patch: back } };
    }
    case "scene.add": {
      const scenes = doc.scenes.slice();
      const index = Math.max(0, Math.min(cmd.index, scenes.length));
      scenes.splice(index, 0, cmd.scene);
      return { doc: { ...doc, scenes }, inverse: { t: "scene.remove", sceneId: cmd.scene.id } };
    }
    case "scene.remove": {
      const i = sceneIndex(doc, cmd.sceneId);
      if (doc.scenes.length === 1) throw new CommandError("the last scene stays");
      const scenes = doc.scenes.slice();
      const [removed] = scenes.splice(i, 1);
      return { doc: { ...doc, scenes }, inverse: { t: "scene.add", index: i, scene: removed as Scene } };
    }
    case "scene.move": {
      const from = sceneIndex(doc, cmd.sceneId);
      const scenes = doc.scenes.slice();
      const [moved] = scenes.splice(from, 1);
      const to = Math.max(0, Math.min(cmd.to, scenes.length));
      scenes.splice(to, 0, moved as Scene);
      return { doc: { ...doc, scenes }, inverse: { t: "scene.move", sceneId: cmd.sceneId, to: from } };
    }
    case "scene.set": {
      const i = sceneIndex(doc, cmd.sceneId);
      const scene = doc.scenes[i] as Scene;
      const back = pick(scene, Object.keys(cmd.patch)) as ScenePatch;
      return {
        doc: withScene(doc, i, { ...scene, ...cmd.patch }),
        inverse: { t: "scene.set", sceneId: cmd.sceneId, patch: back },
      };
    }
    case "widget.add": {
      const i = sceneIndex(doc, cmd.sceneId);
      const scene = doc.scenes[i] as Scene;
      const widgets = scene.widgets.slice();
      // Insert in ascending index order so that each index is where the widget ends up.
      for (const { index, widget } of [...cmd.widgets].sort((a, b) => a.index - b.index)) {
        if (widgets.some((w) => w.id === widget.id)) throw new CommandError(`widget ${widget.id} exists`);
        widgets.splice(Math.max(0, Math.min(index, widgets.length)), 0, widget);
      }
      return {
        doc: withScene(doc, i, { ...scene, widgets }),
        inverse: { t: "widget.remove", sceneId: cmd.sceneId, ids: cmd.widgets.map((w) => w.widget.id) },
      };
    }
    case "widget.remove": {
      const i = sceneIndex(doc, cmd.sceneId);
      const scene = doc.scenes[i] as Scene;
      const ids = new Set(cmd.ids);
      const removed: Array<{ index: number; widget: Widget }> = [];
      const widgets = scene.widgets.filter((w, index) => {
        if (!ids.has(w.id)) return true;
        removed.push({ index, widget: w });
        return false;
      });
      if (removed.length !== ids.size) throw new CommandError("no such widget");
      return {
        doc: withScene(doc, i, { ...scene, widgets }),
        inverse: { t: "widget.add", sceneId: cmd.sceneId, widgets: removed },
      };
    }
    case "widget.update": {
      const i = sceneIndex(doc, cmd.sceneId);
      const scene = doc.scenes[i] as Scene;
      const byId = new Map(cmd.changes.map((c) => [c.id, c.patch]));
      const back: Array<{ id: string; patch: WidgetPatch }> = [];
      const widgets = scene.widgets.map((w) => {
        const patch = byId.get(w.id);
        if (!patch) return w;
        back.push({ id: w.id, patch: inversePatch(w, patch) });
        return patchWidget(w, patch);
      });
      if (back.length !== byId.size) throw new CommandError("no such widget");
      return {
        doc: withScene(doc, i, { ...scene, widgets }),
        inverse: { t: "widget.update", sceneId: cmd.sceneId, changes: back },
      };
    }
    case "dataSources.set":
      return {
        doc: { ...doc, dataSources: cmd.dataSources },
        inverse: { t: "dataSources.set", dataSources: doc.dataSources },
      };
    case "defaultButton.set":
      return {
        doc: { ...doc, defaultButtons: { ...doc.defaultButtons, [cmd.kind]: cmd.button } },
        inverse: { t: "defaultButton.set", kind: cmd.kind, button: doc.defaultButtons[cmd.kind] },
      };
    case "batch": {
      let current = doc;
      const inverses: Command[] = [];
      for (const c of cmd.commands) {
        const r = applyCommand(current, c);
        current = r.doc;
        inverses.unshift(r.inverse);
      }
      return { doc: current, inverse: { t: "batch", commands: inverses } };
    }
  }
}
