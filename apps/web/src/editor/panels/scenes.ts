import type { ButtonAction, ProgramDoc, Scene, Widget } from "@marquee/program";

/**
 * Which scenes a button may open, and which scene-kind changes would leave a
 * button pointing at the wrong kind: the server refuses both
 * (program.targetInvalid, program.mainSceneRequired).
 */

/** The kind of scene an action opens: jump → a main scene, popup → a popup scene; the others need none. */
export function targetKind(action: ButtonAction): Scene["kind"] | null {
  return action === "jump" ? "main" : action === "popup" ? "popup" : null;
}

/** The scenes a button with this action may target, in program order. */
export function targetScenes(scenes: readonly Scene[], action: ButtonAction): Scene[] {
  const kind = targetKind(action);
  return kind ? scenes.filter((s) => s.kind === kind) : [];
}

/** The target a button keeps after its action changes: the current one if still allowed, else the first allowed. */
export function targetFor(
  scenes: readonly Scene[],
  action: ButtonAction,
  current: string | null,
): string | null {
  const allowed = targetScenes(scenes, action);
  if (allowed.length === 0) return null;
  return allowed.some((s) => s.id === current) ? current : (allowed[0] as Scene).id;
}

/** A widget somewhere in the program, with its scene. */
export interface PlacedWidget {
  sceneId: string;
  sceneName: string;
  widget: Widget;
}

/** Buttons that open a scene (jump or popup). */
export function buttonsTargeting(doc: ProgramDoc, sceneId: string): PlacedWidget[] {
  const out: PlacedWidget[] = [];
  for (const s of doc.scenes)
    for (const w of s.widgets)
      if (w.type === "button" && targetKind(w.props.action) && w.props.targetSceneId === sceneId)
        out.push({ sceneId: s.id, sceneName: s.name, widget: w });
  return out;
}

/** Why a scene may not become this kind: the last main scene, or buttons that open it as the old kind. */
export type KindChangeBlock = { reason: "lastMain" } | { reason: "targeted"; buttons: PlacedWidget[] } | null;

/** Null when the scene may become `kind`; otherwise why not. */
export function kindChangeBlock(doc: ProgramDoc, sceneId: string, kind: Scene["kind"]): KindChangeBlock {
  const scene = doc.scenes.find((s) => s.id === sceneId);
  if (!scene || scene.kind === kind) return null;
  if (scene.kind === "main" && !doc.scenes.some((s) => s.id !== sceneId && s.kind === "main"))
    return { reason: "lastMain" };
  const buttons = buttonsTargeting(doc, sceneId);
  return buttons.length > 0 ? { reason: "targeted", buttons } : null;
}
