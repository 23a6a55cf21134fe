import { DeviceTimer, minutesOf, StrategyDoc, VolumeRule } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { CommandOutcome, TerminalSummary } from "./terminal";

/**
 * Strategies (spec §7 "Strategies", under /apm-web/a/api/strategy/):
 * named sets of timed settings (on/off timers per weekday, volume by time of
 * day, brightness, a base volume) that terminals follow. A terminal follows at
 * most one; its own settings win field by field (mergeDeviceSettings). A
 * strategy belongs to an office (its tenant is the nearest platform, agent or
 * customer at or above it); names are unique per tenant. Methods the spec does
 * not give: GET for reads, POST (JSON) for writes.
 */

const DAY = 1440;

/** The minutes of the day a daily window [start, end) covers (crossing midnight; start = end is all day). */
function coverage(start: string, end: string): Uint8Array {
  const out = new Uint8Array(DAY);
  const s = minutesOf(start) % DAY;
  const e = minutesOf(end);
  const length = e > s ? e - s : DAY - s + e;
  for (let i = 0; i < length; i++) out[(s + i) % DAY] = 1;
  return out;
}

/** A timer: "24:00" ends a day, it cannot start one. */
export const StrategyTimer = DeviceTimer.refine((t) => t.on !== "24:00", {
  message: "schedule.timeInvalid",
  path: ["on"],
});

export const StrategyTimers = z.array(StrategyTimer).max(28);

/**
 * Volume rules: at most one may hold at any minute (the player would take the
 * first one silently, and an operator would not know which).
 */
export const StrategyVolumes = z
  .array(VolumeRule.refine((v) => v.start !== "24:00", { message: "schedule.timeInvalid", path: ["start"] }))
  .max(48)
  .superRefine((rules, ctx) => {
    const taken = new Uint8Array(DAY);
    rules.forEach((r, i) => {
      if (r.start === "24:00") return;
      const mine = coverage(r.start, r.end);
      if (mine.some((m, k) => m === 1 && taken[k] === 1))
        ctx.addIssue({ code: "custom", message: "strategy.volumeOverlap", path: [i] });
      mine.forEach((m, k) => {
        if (m) taken[k] = 1;
      });
    });
  });

/** A strategy's document as a call gives it: StrategyDoc, with the checks above. */
export const StrategyDocBody = StrategyDoc.extend({
  timers: StrategyTimers.optional(),
  volumes: StrategyVolumes.optional(),
});

/** A strategy as lists and the editor show it. `terminalCount`: the related terminals in the caller's range. */
export const StrategySummary = z.object({
  id: z.number(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  /** The tenant (nearest platform, agent or customer office): related terminals must belong to it. */
  tenantId: z.number(),
  name: z.string(),
  remarks: z.string().nullable(),
  doc: StrategyDoc,
  terminalCount: z.number(),
  creatorName: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type StrategySummary = z.infer<typeof StrategySummary>;

/** GET list: server paging, name search, office filter (with the offices below unless includeChildren is false). */
export const StrategyListQuery = Paging.extend({
  name: z.string().max(100).optional(),
  officeId: zId.optional(),
  includeChildren: zBool.optional(),
  sort: z.enum(["name", "updateDate", "createDate"]).default("updateDate"),
  order: z.enum(["asc", "desc"]).default("desc"),
}).strict();
export const StrategyListResponse = pageOf(StrategySummary);

/** POST saveStrategy: create (no id) or edit; `doc` absent keeps the stored one (an empty one on create). */
export const SaveStrategyBody = z.strictObject({
  id: zId.optional(),
  officeId: zId,
  name: z.string().trim().min(1).max(64),
  remarks: z.string().trim().max(500).nullable().optional(),
  doc: StrategyDocBody.optional(),
});

/** The answer of strategyDetail and of every save: the strategy with its document. */
export const StrategyResponse = Envelope.extend({ strategy: StrategySummary });

/** GET strategyDetail?id. */
export const StrategyIdQuery = z.strictObject({ id: zId });

/** POST deleteStrategy: terminals following them are released and told; the answer is what became of each. */
export const DeleteStrategyBody = z.strictObject({ ids: zIdList });

/** POST saveStrategyDetails: the whole document. */
export const SaveStrategyDetailsBody = z.strictObject({ id: zId, doc: StrategyDocBody });

/** POST saveStrategyDetail: one part of the document; an empty list or null removes the part. */
export const SaveStrategyDetailBody = z.discriminatedUnion("part", [
  z.strictObject({ id: zId, part: z.literal("timers"), value: StrategyTimers }),
  z.strictObject({ id: zId, part: z.literal("volumes"), value: StrategyVolumes }),
  z.strictObject({
    id: zId,
    part: z.literal("brightness"),
    value: z.number().int().min(0).max(100).nullable(),
  }),
  z.strictObject({ id: zId, part: z.literal("volume"), value: z.number().int().min(0).max(100).nullable() }),
]);
export const STRATEGY_PARTS = ["timers", "volumes", "brightness", "volume"] as const;
export type StrategyPart = (typeof STRATEGY_PARTS)[number];

/**
 * POST relationTerminals: these terminals follow the strategy (one following
 * another strategy moves to this one). They must be in the caller's range and
 * the strategy's tenant. Their manifests carry the new settings at once.
 */
export const RelationTerminalsBody = z.strictObject({ id: zId, terminalIds: zIdList });
export const RelationTerminalsResponse = Envelope.extend({
  /** Terminals that now follow it. */
  related: z.number(),
  /** Of those, how many left another strategy for it. */
  moved: z.number(),
});

/** POST disassociateTerminals: these terminals stop following it (those that did not are left alone). */
export const DisassociateTerminalsBody = z.strictObject({ id: zId, terminalIds: zIdList });
export const DisassociateTerminalsResponse = Envelope.extend({ released: z.number() });

/** GET findRelationTerminals?id: the related terminals in the caller's range, paged, with their online state. */
export const FindRelationTerminalsQuery = Paging.extend({
  id: zId,
  keyword: z.string().max(100).optional(),
}).strict();
/** A related terminal: `overrides` names the strategy's fields its own settings replace. */
export const RelatedTerminal = TerminalSummary.extend({ overrides: z.array(z.string()) });
export type RelatedTerminal = z.infer<typeof RelatedTerminal>;
export const FindRelationTerminalsResponse = pageOf(RelatedTerminal);

/**
 * POST sendStrategy: tells terminals their settings (manifest and a `settings`
 * command each); `terminalIds` absent: every related terminal in the caller's
 * range. Answers one outcome per terminal (follow them with terminal/commandResults).
 */
export const SendStrategyBody = z.strictObject({ id: zId, terminalIds: zIdList.optional() });
export const StrategyOutcomesResponse = Envelope.extend({ list: z.array(CommandOutcome) });
