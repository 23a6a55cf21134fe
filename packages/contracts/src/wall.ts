import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";
import { SYNC_LEAD_SECONDS } from "./sync";

/**
 * Video walls (docs/video-walls.md): screens in a grid of rows × columns
 * showing one program made at the wall's whole resolution. Each screen shows
 * its crop of the program's canvas; the pixels the bezels hide are skipped
 * (the picture runs on behind them), from the sizes in millimetres.
 */

export const WALL_MAX_SIDE = 8;
/** Millimetres: a screen's visible area and its bezels. */
const mm = (max: number) => z.coerce.number().min(0).max(max);

/** The bezels of every screen (mm), each side. */
export const WallBezel = z.object({ top: mm(200), right: mm(200), bottom: mm(200), left: mm(200) });
export type WallBezel = z.infer<typeof WallBezel>;

/** One screen of a wall: its terminal and its cell (0-based). */
export const WallScreen = z.object({
  terminalId: zId,
  row: z.coerce
    .number()
    .int()
    .min(0)
    .max(WALL_MAX_SIDE - 1),
  col: z.coerce
    .number()
    .int()
    .min(0)
    .max(WALL_MAX_SIDE - 1),
});
export type WallScreen = z.infer<typeof WallScreen>;

/** The geometry of a wall: what the crops are computed from. */
export const WallGeometry = z.object({
  rows: z.coerce.number().int().min(1).max(WALL_MAX_SIDE),
  cols: z.coerce.number().int().min(1).max(WALL_MAX_SIDE),
  bezelMm: WallBezel,
  /** The visible area of one screen (mm). */
  screenWidthMm: mm(10_000).refine((v) => v > 0),
  screenHeightMm: mm(10_000).refine((v) => v > 0),
  /** The whole wall's resolution (px): the size its programs are made at. */
  width: z.coerce.number().int().min(16).max(32_768),
  height: z.coerce.number().int().min(16).max(32_768),
});
export type WallGeometry = z.infer<typeof WallGeometry>;

/** POST save: a new wall (no id) or a change. */
export const WallSaveBody = WallGeometry.extend({
  id: zId.optional(),
  name: z.string().trim().min(1).max(100),
  screens: z
    .array(WallScreen)
    .min(1)
    .max(WALL_MAX_SIDE * WALL_MAX_SIDE),
}).strict();
export type WallSaveBody = z.input<typeof WallSaveBody>;

/** A rectangle of the program's canvas (program px). */
export const WallCrop = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type WallCrop = z.infer<typeof WallCrop>;

export const Wall = WallGeometry.extend({
  id: z.number(),
  officeId: z.number(),
  name: z.string(),
  screens: z.array(WallScreen.extend({ terminalName: z.string().nullable(), online: z.boolean() })),
  /** What it plays: the program and its start instant (server clock, ms), or null. */
  programId: z.number().nullable(),
  programName: z.string().nullable(),
  startAtMs: z.number().nullable(),
  updateDate: z.string(),
});
export type Wall = z.infer<typeof Wall>;

export const WallListQuery = Paging.strict();
export const WallListResponse = pageOf(Wall);
export const WallIdQuery = z.strictObject({ id: zId });
export const WallIdBody = z.strictObject({ id: zId });
export const WallSaveResponse = Envelope.extend({ wall: Wall });

/** POST publish: the program plays across the wall from leadSeconds on. */
export const WallPublishBody = z.strictObject({
  id: zId,
  programId: zId,
  leadSeconds: z.coerce
    .number()
    .int()
    .min(SYNC_LEAD_SECONDS.min)
    .max(SYNC_LEAD_SECONDS.max)
    .default(SYNC_LEAD_SECONDS.default),
});
export const WallPublishResponse = Envelope.extend({
  wall: Wall,
  /** Each screen's crop of the program (program px). */
  crops: z.array(z.object({ terminalId: z.number(), crop: WallCrop })),
});

/** Skew figures (ms) over the samples held. */
export const WallSkewFigures = z.object({
  samples: z.number(),
  medianMs: z.number().nullable(),
  maxMs: z.number().nullable(),
  lastMs: z.number().nullable(),
});
export type WallSkewFigures = z.infer<typeof WallSkewFigures>;

/** GET skew?id: how far apart the screens change scenes and hold their videos. */
export const WallSkewResponse = Envelope.extend({
  /** One frame at 30 fps: the target. */
  targetMs: z.number(),
  /** On the server's clock (each screen's time less its measured offset). */
  scene: WallSkewFigures,
  video: WallSkewFigures,
  /** On the screens' own clocks: the truth when they share one machine's clock. */
  sceneDevice: WallSkewFigures,
  videoDevice: WallSkewFigures,
  screens: z.array(
    z.object({ terminalId: z.number(), offsetMs: z.number().nullable(), lastAt: z.number().nullable() }),
  ),
});
export type WallSkewResponse = z.infer<typeof WallSkewResponse>;

/** The target skew: one frame at 30 fps. */
export const WALL_SKEW_TARGET_MS = 33;

/**
 * Where each cell of a wall sits on the program's canvas (program px): the
 * canvas spans the wall's visible extent, from the first column's visible
 * left edge to the last column's visible right edge (and likewise down), so
 * the inner bezels hide canvas pixels and a line crossing screens stays
 * straight. Scale: canvas px per mm of wall, per axis.
 */
export function wallCrop(
  g: Pick<WallGeometry, "rows" | "cols" | "bezelMm" | "screenWidthMm" | "screenHeightMm">,
  canvas: { width: number; height: number },
  cell: { row: number; col: number },
): WallCrop {
  const b = g.bezelMm;
  const pitchX = g.screenWidthMm + b.left + b.right;
  const pitchY = g.screenHeightMm + b.top + b.bottom;
  const spanX = g.cols * g.screenWidthMm + (g.cols - 1) * (b.left + b.right);
  const spanY = g.rows * g.screenHeightMm + (g.rows - 1) * (b.top + b.bottom);
  const sx = canvas.width / spanX;
  const sy = canvas.height / spanY;
  return {
    x: cell.col * pitchX * sx,
    y: cell.row * pitchY * sy,
    width: g.screenWidthMm * sx,
    height: g.screenHeightMm * sy,
  };
}
