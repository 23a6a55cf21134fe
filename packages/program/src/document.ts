import { z } from "zod";
import {
  Background,
  ButtonData,
  DataSource,
  LIMITS,
  newId,
  PROGRAM_SCHEMA,
  SceneDuration,
  Transition,
  zWidgetId,
} from "./model";
import { WIDGET_SPECS, Widget, type WidgetOf, type WidgetProps, type WidgetType } from "./widgets";

/** A scene: main scenes play in turn; popup scenes open over them from a button and close with "exit". */
export const Scene = z.object({
  id: zWidgetId,
  name: z.string().trim().min(1).max(64),
  kind: z.enum(["main", "popup"]),
  duration: SceneDuration,
  transition: Transition,
  background: Background,
  widgets: z.array(Widget).max(LIMITS.widgetsPerScene),
});
export type Scene = z.infer<typeof Scene>;

/**
 * The default buttons of §3 (exit/before/after, each with buttonData and widgetId):
 * drawn by the renderer over every scene of an interactive program — "exit" over
 * popup scenes, "before"/"after" over main scenes — at their own frame.
 */
export const DefaultButton = z.object({
  enabled: z.boolean(),
  widgetId: zWidgetId,
  buttonData: ButtonData.extend({
    x: z.number().finite().min(-LIMITS.coordinate).max(LIMITS.coordinate),
    y: z.number().finite().min(-LIMITS.coordinate).max(LIMITS.coordinate),
    w: z.number().finite().min(1).max(LIMITS.coordinate),
    h: z.number().finite().min(1).max(LIMITS.coordinate),
  }),
});
export type DefaultButton = z.infer<typeof DefaultButton>;
export const DEFAULT_BUTTON_KINDS = ["exit", "before", "after"] as const;
export type DefaultButtonKind = (typeof DEFAULT_BUTTON_KINDS)[number];

const ProgramShape = z.object({
  schema: z.literal(PROGRAM_SCHEMA),
  width: z.number().int().min(LIMITS.canvasMin).max(LIMITS.canvasMax),
  height: z.number().int().min(LIMITS.canvasMin).max(LIMITS.canvasMax),
  background: Background,
  scenes: z.array(Scene).min(1, "program.sceneRequired").max(LIMITS.scenes),
  dataSources: z.array(DataSource).max(LIMITS.dataSources),
  defaultButtons: z.object({ exit: DefaultButton, before: DefaultButton, after: DefaultButton }),
});

/** Checks across the document that no single field can make. */
function checkReferences(doc: z.infer<typeof ProgramShape>, ctx: z.RefinementCtx) {
  const sceneKind = new Map<string, "main" | "popup">();
  doc.scenes.forEach((s, i) => {
    if (sceneKind.has(s.id))
      ctx.addIssue({ code: "custom", path: ["scenes", i, "id"], message: "program.idDuplicate" });
    sceneKind.set(s.id, s.kind);
  });
  if (!doc.scenes.some((s) => s.kind === "main"))
    ctx.addIssue({ code: "custom", path: ["scenes"], message: "program.mainSceneRequired" });
  const sources = new Set(doc.dataSources.map((d) => d.id));
  const widgetIds = new Set<string>();
  doc.scenes.forEach((scene, si) => {
    scene.widgets.forEach((w, wi) => {
      const at = ["scenes", si, "widgets", wi];
      if (widgetIds.has(w.id))
        ctx.addIssue({ code: "custom", path: [...at, "id"], message: "program.idDuplicate" });
      widgetIds.add(w.id);
      if (w.type === "button") {
        const want = w.props.action === "jump" ? "main" : w.props.action === "popup" ? "popup" : null;
        if (want && (!w.props.targetSceneId || sceneKind.get(w.props.targetSceneId) !== want))
          ctx.addIssue({
            code: "custom",
            path: [...at, "props", "targetSceneId"],
            message: "program.targetInvalid",
          });
      }
      const source =
        w.type === "table"
          ? w.props.dataSourceId
          : w.type === "text"
            ? (w.props.binding?.dataSourceId ?? null)
            : null;
      if (source !== null && !sources.has(source))
        ctx.addIssue({ code: "custom", path: [...at, "props"], message: "program.dataSourceMissing" });
    });
  });
}

/** The program document, validated. */
export const ProgramDoc = ProgramShape.superRefine(checkReferences);
export type ProgramDoc = z.infer<typeof ProgramShape>;

/** The editor's notion of a size: design pixels. */
export interface Size {
  width: number;
  height: number;
}

function defaultButton(kind: DefaultButtonKind, size: Size): DefaultButton {
  const w = Math.round(size.width * 0.08);
  const h = Math.round(size.height * 0.07);
  const margin = Math.round(Math.min(size.width, size.height) * 0.03);
  const x = kind === "before" ? margin : size.width - w - margin;
  const y = kind === "exit" ? margin : size.height - h - margin;
  const label = kind === "exit" ? "✕" : kind === "before" ? "‹" : "›";
  return {
    enabled: false,
    widgetId: newId(`${kind}-`),
    buttonData: {
      label,
      x,
      y,
      w,
      h,
      fontSize: Math.round(h * 0.6),
      color: "#ffffff",
      background: "#00000080",
      borderRadius: 8,
    },
  };
}

export function createScene(name: string, kind: Scene["kind"] = "main"): Scene {
  return {
    id: newId("s"),
    name,
    kind,
    duration: { mode: "fixed", seconds: 10 },
    transition: { type: "fade", durationMs: 500 },
    background: { kind: "color", color: "#000000" },
    widgets: [],
  };
}

export function createProgram(size: Size, firstSceneName = "1"): ProgramDoc {
  return {
    schema: PROGRAM_SCHEMA,
    width: size.width,
    height: size.height,
    background: { kind: "color", color: "#000000" },
    scenes: [createScene(firstSceneName)],
    dataSources: [],
    defaultButtons: {
      exit: defaultButton("exit", size),
      before: defaultButton("before", size),
      after: defaultButton("after", size),
    },
  };
}

/**
 * A new widget of a type, centred at a point of the canvas (or the centre),
 * above every widget of the scene; `defaults` are the tenant's overrides.
 */
export function createWidget<T extends WidgetType>(
  type: T,
  size: Size,
  options: { at?: { x: number; y: number }; z?: number; defaults?: Partial<WidgetProps<T>> } = {},
): WidgetOf<T> {
  const spec = WIDGET_SPECS[type];
  const w = Math.max(1, Math.round(size.width * spec.size.w));
  const h = Math.max(1, Math.round(size.height * spec.size.h));
  const cx = options.at?.x ?? size.width / 2;
  const cy = options.at?.y ?? size.height / 2;
  return {
    id: newId("w"),
    name: "",
    type,
    x: Math.round(cx - w / 2),
    y: Math.round(cy - h / 2),
    w,
    h,
    rotation: 0,
    z: options.z ?? 0,
    locked: false,
    hidden: false,
    props: { ...spec.defaults(), ...(options.defaults ?? {}) },
  } as unknown as WidgetOf<T>;
}

/** The next z above every widget of a scene. */
export function topZ(scene: Scene): number {
  return scene.widgets.reduce((m, w) => Math.max(m, w.z + 1), 0);
}

/** Widgets in paint order (lowest z first; ties keep the array order). */
export function paintOrder(scene: Scene): Widget[] {
  return scene.widgets
    .map((w, i) => ({ w, i }))
    .sort((a, b) => a.w.z - b.w.z || a.i - b.i)
    .map((e) => e.w);
}

/** Every material the program uses: backgrounds and widget media. */
export function materialIdsOf(doc: ProgramDoc): number[] {
  const ids = new Set<number>();
  const bg = (b: Background) => {
    if (b.kind !== "color" && b.materialId !== null) ids.add(b.materialId);
  };
  bg(doc.background);
  for (const scene of doc.scenes) {
    bg(scene.background);
    for (const w of scene.widgets) {
      const p = w.props as { materialId?: number | null; materialIds?: number[] };
      if (typeof p.materialId === "number") ids.add(p.materialId);
      for (const id of p.materialIds ?? []) ids.add(id);
    }
  }
  return [...ids];
}

/** Widget types a program uses, with their counts (statistics, thumbnails, palettes). */
export function widgetCounts(doc: ProgramDoc): Partial<Record<WidgetType, number>> {
  const out: Partial<Record<WidgetType, number>> = {};
  for (const s of doc.scenes) for (const w of s.widgets) out[w.type] = (out[w.type] ?? 0) + 1;
  return out;
}

/** Deep copy of a scene with new ids for it and its widgets (duplicate, paste). */
export function cloneScene(scene: Scene, name?: string): Scene {
  const copy = structuredClone(scene);
  copy.id = newId("s");
  if (name !== undefined) copy.name = name;
  copy.widgets = copy.widgets.map((w) => ({ ...w, id: newId("w") }));
  return copy;
}

/** Deep copy of widgets with new ids, shifted by an offset (copy/paste of widgets). */
export function cloneWidgets(widgets: Widget[], offset = 0, zFrom?: number): Widget[] {
  return widgets.map((w, i) => ({
    ...structuredClone(w),
    id: newId("w"),
    x: w.x + offset,
    y: w.y + offset,
    z: zFrom === undefined ? w.z : zFrom + i,
  }));
}

export type ParseResult =
  | { ok: true; doc: ProgramDoc }
  | { ok: false; issues: Array<{ path: string; message: string }> };

/** Validates an unknown value as a program document, with issue paths like "scenes.0.widgets.3.props.fit". */
export function parseProgram(input: unknown): ParseResult {
  const r = ProgramDoc.safeParse(input);
  if (r.success) return { ok: true, doc: r.data };
  return {
    ok: false,
    issues: r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  };
}
