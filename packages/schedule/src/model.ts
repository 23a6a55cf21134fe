import { z } from "zod";

/**
 * Play plans and messages: what a screen plays when. These schemas
 * are the one model the server stores, the console edits and the player
 * resolves; validation messages are server message keys (`schedule.*`).
 */

/** Priority tiers, strongest first: a higher tier's active item silences every lower one. */
export const TIERS = ["emergency", "high", "normal", "filler"] as const;
export type Tier = (typeof TIERS)[number];
/** Rank of a tier: 0 is the strongest. */
export const tierRank = (t: Tier): number => TIERS.indexOf(t);

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A calendar date, YYYY-MM-DD (in the terminal's time zone). */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "schedule.dateInvalid")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "schedule.dateInvalid");

/** A time of day, HH:MM from 00:00 to 24:00 (24:00 only as an end). */
export const TimeOfDay = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "schedule.timeInvalid");

/** Minutes since midnight of "HH:MM". */
export function minutesOf(t: string): number {
  const [h, m] = t.split(":");
  return Number(h) * 60 + Number(m);
}

/**
 * A daily time window. `end` after `start` is a window inside the day;
 * `end` at or before `start` crosses midnight and ends the next day (a window
 * belongs to the day it starts on: Friday 22:00–02:00 plays into Saturday
 * night). 00:00–24:00 is the whole day; start equal to end is 24 hours.
 */
export const TimeWindow = z
  .object({ start: TimeOfDay, end: TimeOfDay })
  .refine((w) => w.start !== "24:00", { message: "schedule.timeInvalid", path: ["start"] });
export type TimeWindow = z.infer<typeof TimeWindow>;

/**
 * How an item's program plays while its window is open:
 * - loop: over and over (taking turns with the other looping items of its tier);
 * - times: `count` times from the start of each window, then it yields;
 * - interval: once every `everyMin` minutes from the start of the window (it
 *   cuts in when its slot comes, then the rotation goes on).
 */
export const PlayMode = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("loop") }),
  z.object({ kind: z.literal("times"), count: z.number().int().min(1).max(1000) }),
  z.object({ kind: z.literal("interval"), everyMin: z.number().int().min(1).max(1440) }),
]);
export type PlayMode = z.infer<typeof PlayMode>;

export const zItemId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "schedule.idInvalid");

/** One line of a plan: a program, when, how and how strongly. */
export const PlanItem = z
  .object({
    id: zItemId,
    programId: z.number().int().positive(),
    startDate: IsoDate,
    /** Last day (inclusive); null: no end. */
    endDate: IsoDate.nullable(),
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, "schedule.weekdaysRequired")
      .max(7)
      .refine((d) => new Set(d).size === d.length, "schedule.weekdaysDuplicate"),
    windows: z.array(TimeWindow).min(1, "schedule.windowsRequired").max(24),
    mode: PlayMode,
    tier: z.enum(TIERS),
  })
  .refine((i) => i.endDate === null || i.endDate >= i.startDate, {
    message: "schedule.endBeforeStart",
    path: ["endDate"],
  });
export type PlanItem = z.infer<typeof PlanItem>;

/** A plan's document: its items and the program for empty time (played as filler). */
export const PlanDoc = z
  .object({
    items: z.array(PlanItem).max(500),
    defaultProgramId: z.number().int().positive().nullable(),
  })
  .refine((d) => new Set(d.items.map((i) => i.id)).size === d.items.length, {
    message: "schedule.idDuplicate",
    path: ["items"],
  });
export type PlanDoc = z.infer<typeof PlanDoc>;

/**
 * A plan as a terminal holds it (the resolver's input): a published plan, or
 * a published program / a program assigned to the terminal as a one-item
 * plan (`source`). `order` breaks ties between plans of equal tier: lower
 * plays first in the rotation (publication order).
 */
export const SchedulePlan = z.object({
  planId: z.number().int(),
  name: z.string(),
  source: z.enum(["plan", "program", "assigned"]),
  publicationId: z.number().int().nullable(),
  order: z.number().int(),
  items: z.array(PlanItem),
  defaultProgramId: z.number().int().positive().nullable(),
});
export type SchedulePlan = z.infer<typeof SchedulePlan>;

// ---- messages ----

export const MESSAGE_KINDS = ["scroll", "notice"] as const;
export const MESSAGE_POSITIONS = ["top", "bottom", "full"] as const;
export const MESSAGE_PRIORITIES = ["normal", "emergency"] as const;
/**
 * How an emergency message takes the screen: drawn over the program, which
 * goes on playing ("over"), or alone on the whole screen in its own colours,
 * the program hidden and silent under it ("alone").
 */
export const EMERGENCY_DISPLAYS = ["over", "alone"] as const;
export type EmergencyDisplay = (typeof EMERGENCY_DISPLAYS)[number];

const zMsgColor = z
  .string()
  .regex(/^(transparent|#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))$/, "schedule.colorInvalid");

/**
 * What a message looks like: a scrolling line or a notice, over the program.
 * Sizes are in pixels of a 1080-pixel-high screen (the player scales them).
 */
export const MessageDoc = z.object({
  kind: z.enum(MESSAGE_KINDS),
  text: z.string().trim().min(1, "schedule.textRequired").max(2000),
  fontFamily: z.string().trim().max(100),
  fontSize: z.number().int().min(12).max(400),
  bold: z.boolean(),
  color: zMsgColor,
  background: zMsgColor,
  /** Background opacity, 0–100. */
  opacity: z.number().int().min(0).max(100),
  position: z.enum(MESSAGE_POSITIONS),
  /** Scrolling speed in pixels per second (of a 1080-pixel-high screen). */
  speed: z.number().int().min(10).max(2000),
  /** How many times it scrolls across (or a notice is shown for `noticeSec`); 0: until its end time. */
  repeat: z.number().int().min(0).max(10_000),
  /** How long one showing of a notice lasts, in seconds. */
  noticeSec: z.number().int().min(1).max(86_400),
  priority: z.enum(MESSAGE_PRIORITIES),
  /** How an emergency message shows (unused for normal ones); messages saved before it had this field show over the program. */
  emergencyDisplay: z.enum(EMERGENCY_DISPLAYS).default("over"),
});
export type MessageDoc = z.infer<typeof MessageDoc>;

export const DEFAULT_MESSAGE: MessageDoc = {
  kind: "scroll",
  text: "",
  fontFamily: "",
  fontSize: 48,
  bold: false,
  color: "#ffffff",
  background: "#000000",
  opacity: 60,
  position: "bottom",
  speed: 120,
  repeat: 0,
  noticeSec: 10,
  priority: "normal",
  emergencyDisplay: "over",
};

/** Whether a message hides the program under it: an emergency message shown alone. */
export function hidesProgram(
  doc: Pick<MessageDoc, "priority"> & { emergencyDisplay?: EmergencyDisplay },
): boolean {
  return doc.priority === "emergency" && doc.emergencyDisplay === "alone";
}

/** A message as a terminal holds it: shown from `startAt` until `endAt` (ms since the epoch; null: open). */
export const ScheduleMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  publicationId: z.number().int().nullable(),
  startAt: z.number().int().nullable(),
  endAt: z.number().int().nullable(),
  doc: MessageDoc,
});
export type ScheduleMessage = z.infer<typeof ScheduleMessage>;
