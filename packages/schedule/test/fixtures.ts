import type { PlanItem, ScheduleInput, ScheduleMessage, SchedulePlan } from "../src";
import { DEFAULT_MESSAGE, TIERS } from "../src";

/** A plan item that plays every day from 2025-01-01, 09:00–17:00, looping, tier normal; `over` changes any of it. */
export function item(id: string, over: Partial<PlanItem> = {}): PlanItem {
  return {
    id,
    programId: 1,
    startDate: "2025-01-01",
    endDate: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windows: [{ start: "09:00", end: "17:00" }],
    mode: { kind: "loop" },
    tier: "normal",
    ...over,
  };
}

/** A published plan holding `items`, ordered by its id unless `over` says otherwise. */
export function plan(planId: number, items: PlanItem[], over: Partial<SchedulePlan> = {}): SchedulePlan {
  return {
    planId,
    name: `Plan ${planId}`,
    source: "plan",
    publicationId: planId * 10,
    order: planId,
    items,
    defaultProgramId: null,
    ...over,
  };
}

export function message(id: number, over: Partial<ScheduleMessage> = {}, emergency = false): ScheduleMessage {
  return {
    id,
    name: `Message ${id}`,
    publicationId: null,
    startAt: null,
    endAt: null,
    doc: { ...DEFAULT_MESSAGE, text: `Message ${id}`, priority: emergency ? "emergency" : "normal" },
    ...over,
  };
}

/** Instant of an ISO string (with its zone), for readable tests. */
export const t = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad instant ${iso}`);
  return ms;
};

/** A small deterministic generator (mulberry32), so generated fleets are the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ZONES = [
  "Europe/Rome",
  "America/New_York",
  "Asia/Shanghai",
  "UTC",
  "Europe/London",
  "Australia/Sydney",
];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A fleet of terminals with realistic schedules: 1–3 plans each, 5–20 items in
 * all, 1–3 windows per item (some crossing midnight), every tier and mode,
 * date ranges around `around` (some open-ended), a few messages, and a handful
 * of time zones.
 */
export function fleet(count: number, around: string, seed = 7): ScheduleInput[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const base = Date.parse(`${around}T00:00:00Z`);
  const date = (offsetDays: number) => new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const out: ScheduleInput[] = [];
  for (let n = 0; n < count; n++) {
    const planCount = 1 + Math.floor(rnd() * 3);
    const itemCount = 5 + Math.floor(rnd() * 16);
    const plans: SchedulePlan[] = [];
    for (let p = 0; p < planCount; p++) {
      plans.push(
        plan(n * 10 + p, [], {
          order: Math.floor(rnd() * 5),
          defaultProgramId: rnd() < 0.7 ? 500 + p : null,
        }),
      );
    }
    for (let i = 0; i < itemCount; i++) {
      const windows = [];
      const wc = 1 + Math.floor(rnd() * 3);
      for (let w = 0; w < wc; w++) {
        const start = Math.floor(rnd() * 48) * 30;
        const len = (1 + Math.floor(rnd() * 16)) * 30;
        const end = (start + len) % 1440;
        windows.push({
          start: `${pad(Math.floor(start / 60))}:${pad(start % 60)}`,
          end: `${pad(Math.floor(end / 60))}:${pad(end % 60)}`,
        });
      }
      const weekdays = [1, 2, 3, 4, 5, 6, 7].filter(() => rnd() < 0.75);
      const r = rnd();
      const mode: PlanItem["mode"] =
        r < 0.6
          ? { kind: "loop" }
          : r < 0.8
            ? { kind: "times", count: 1 + Math.floor(rnd() * 5) }
            : { kind: "interval", everyMin: 15 + Math.floor(rnd() * 45) };
      const startOffset = -Math.floor(rnd() * 30);
      (plans[i % planCount] as SchedulePlan).items.push(
        item(`i${i}`, {
          programId: 1 + Math.floor(rnd() * 50),
          startDate: date(startOffset),
          endDate: rnd() < 0.3 ? null : date(startOffset + Math.floor(rnd() * 40)),
          weekdays: weekdays.length > 0 ? weekdays : [1, 2, 3, 4, 5],
          windows,
          mode,
          tier: pick(TIERS),
        }),
      );
    }
    const messages: ScheduleMessage[] = [];
    const mc = Math.floor(rnd() * 3);
    for (let m = 0; m < mc; m++) {
      const start = base + Math.floor(rnd() * 7 * 24) * 3_600_000;
      messages.push(
        message(
          n * 10 + m,
          { startAt: start, endAt: start + 3_600_000 * (1 + Math.floor(rnd() * 6)) },
          rnd() < 0.2,
        ),
      );
    }
    out.push({ plans, messages, timezone: pick(ZONES) });
  }
  return out;
}
