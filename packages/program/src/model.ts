import { z } from "zod";

/**
 * The program document: what an operator builds in the editor, what
 * the server validates and stores, and what the player renders. Everything is
 * in design pixels of the program's canvas; the renderer scales it.
 *
 * Messages of custom checks are message keys (`program.*`), localised by the
 * server's envelope and by the console.
 */

/** Version of the document format; a stored document of an older version is upgraded on read. */
export const PROGRAM_SCHEMA = 1;

/** Common canvas sizes; any other size between the limits is "custom". */
export const CANVAS_PRESETS = [
  { key: "landscapeFhd", width: 1920, height: 1080 },
  { key: "portraitFhd", width: 1080, height: 1920 },
  { key: "landscapeUhd", width: 3840, height: 2160 },
  { key: "portraitUhd", width: 2160, height: 3840 },
  { key: "landscapeHd", width: 1280, height: 720 },
] as const;
export type CanvasPresetKey = (typeof CANVAS_PRESETS)[number]["key"] | "custom";

export function presetOf(width: number, height: number): CanvasPresetKey {
  return CANVAS_PRESETS.find((p) => p.width === width && p.height === height)?.key ?? "custom";
}

export const LIMITS = {
  canvasMin: 64,
  canvasMax: 7680,
  scenes: 200,
  widgetsPerScene: 500,
  /** Widgets may stick out of the canvas, but not without bound. */
  coordinate: 20_000,
  dataSources: 50,
  inlineRows: 1000,
  text: 10_000,
  html: 50_000,
  sceneSecondsMax: 86_400,
} as const;

/** Short random ids; `crypto.getRandomValues` also works on plain-http LAN addresses, unlike randomUUID. */
export function newId(prefix = ""): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += (b % 36).toString(36);
  return prefix + s;
}

export const zWidgetId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "program.idInvalid");
export const zColor = z
  .string()
  .regex(/^(transparent|#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))$/, "program.colorInvalid");
/** A material of the library, by id; null while the operator has not chosen one. */
export const zMaterialId = z.number().int().positive().max(2_147_483_647);
export const zHttpUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "program.urlInvalid");
export const zFont = z.string().max(100);
const px = (max: number) => z.number().finite().min(0).max(max);

export const FIT_MODES = ["contain", "cover", "fill", "none"] as const;
export const zFit = z.enum(FIT_MODES);

export const Background = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("color"), color: zColor }),
  z.object({ kind: z.literal("image"), materialId: zMaterialId.nullable(), fit: zFit, color: zColor }),
  z.object({ kind: z.literal("video"), materialId: zMaterialId.nullable(), fit: zFit, color: zColor }),
]);
export type Background = z.infer<typeof Background>;

export const TRANSITIONS = [
  "none",
  "fade",
  "slideLeft",
  "slideRight",
  "slideUp",
  "slideDown",
  "zoom",
] as const;
export const Transition = z.object({
  type: z.enum(TRANSITIONS),
  durationMs: z.number().int().min(0).max(5000),
});
export type Transition = z.infer<typeof Transition>;

/** How long a scene plays: a fixed time, or until every video/audio of it has ended once. */
export const SceneDuration = z.object({
  mode: z.enum(["fixed", "media"]),
  seconds: z.number().int().min(1).max(LIMITS.sceneSecondsMax),
});
export type SceneDuration = z.infer<typeof SceneDuration>;

/** Data sources (§3 "data source list"): JSON or CSV from an address, or rows from an uploaded file. */
export const DataSource = z
  .object({
    id: zWidgetId,
    name: z.string().trim().min(1).max(64),
    format: z.enum(["json", "csv"]),
    kind: z.enum(["url", "inline"]),
    url: zHttpUrl.nullable(),
    /** For JSON: where the array of rows is, dot-separated ("data.items"); empty for the root. */
    rowsPath: z.string().max(200),
    rows: z.array(z.record(z.string().max(200), z.unknown())).max(LIMITS.inlineRows),
    refreshSec: z.number().int().min(10).max(86_400),
  })
  .superRefine((d, ctx) => {
    if (d.kind === "url" && !d.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "program.urlRequired" });
  });
export type DataSource = z.infer<typeof DataSource>;

/** A widget's place on the canvas; the same for every type. */
export const WidgetFrame = z.object({
  id: zWidgetId,
  name: z.string().max(64).default(""),
  x: z.number().finite().min(-LIMITS.coordinate).max(LIMITS.coordinate),
  y: z.number().finite().min(-LIMITS.coordinate).max(LIMITS.coordinate),
  w: z.number().finite().min(1).max(LIMITS.coordinate),
  h: z.number().finite().min(1).max(LIMITS.coordinate),
  rotation: z.number().finite().min(-360).max(360),
  z: z.number().int().min(0).max(100_000),
  locked: z.boolean(),
  hidden: z.boolean(),
});
export type WidgetFrame = z.infer<typeof WidgetFrame>;

/** Text style shared by the text-like widgets. */
export const TextStyle = z.object({
  fontFamily: zFont,
  fontSize: px(2000).min(1),
  color: zColor,
  background: zColor,
  bold: z.boolean(),
  italic: z.boolean(),
  underline: z.boolean(),
  align: z.enum(["left", "center", "right", "justify"]),
  valign: z.enum(["top", "middle", "bottom"]),
  lineHeight: z.number().finite().min(0.5).max(5),
  letterSpacing: z.number().finite().min(-50).max(200),
});
export type TextStyle = z.infer<typeof TextStyle>;

/** A text widget's value may come from a data source: one field of one row. */
export const Binding = z.object({
  dataSourceId: zWidgetId,
  field: z.string().min(1).max(200),
  row: z.number().int().min(0).max(LIMITS.inlineRows),
});
export type Binding = z.infer<typeof Binding>;

export const ButtonData = z.object({
  label: z.string().max(200),
  fontSize: px(2000).min(1),
  color: zColor,
  background: zColor,
  borderRadius: px(2000),
});
export type ButtonData = z.infer<typeof ButtonData>;

export const BUTTON_ACTIONS = ["jump", "popup", "exit", "before", "after"] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];
