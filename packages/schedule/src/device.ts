import { z } from "zod";
import { DAY_MIN, isoWeekdayOfDay, MINUTE_MS } from "./calendar";
import { minutesOf, TimeOfDay, WEEKDAYS } from "./model";
import { zoneClock } from "./zone";

/**
 * A screen's own settings: what an operator sets on a terminal
 * (terminalSet) or sends as a strategy. The player evaluates them locally
 * with `deviceStateAt`, in the terminal's time zone, so screen-off timers and
 * hourly volumes hold through network loss; the server and the console use
 * the same function to show what a screen does at a given minute.
 */

const Weekday = z.number().int().min(1).max(7);

/**
 * The screen is on from `on` to `off` on these ISO weekdays (1 Monday … 7
 * Sunday). `off` at or before `on` crosses midnight and belongs to the day it
 * starts on, like a plan's window. With no timers at all the screen is always on.
 */
export const DeviceTimer = z.strictObject({
  weekdays: z.array(Weekday).min(1).max(7),
  on: TimeOfDay,
  off: TimeOfDay,
});
export type DeviceTimer = z.infer<typeof DeviceTimer>;

/** The volume from `start` to `end` every day (crossing midnight like a timer). */
export const VolumeRule = z.strictObject({
  start: TimeOfDay,
  end: TimeOfDay,
  volume: z.number().int().min(0).max(100),
});
export type VolumeRule = z.infer<typeof VolumeRule>;

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

export const DeviceSettings = z.strictObject({
  /** Playback volume when no volume rule applies, 0..100. */
  volume: z.number().int().min(0).max(100).optional(),
  /** Screen brightness, 0..100 (a web player dims its page). */
  brightness: z.number().int().min(0).max(100).optional(),
  /** Clockwise rotation of the content. */
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
  /** Seconds between heartbeats (10 s to 1 h). */
  heartbeatSec: z.number().int().min(10).max(3600).optional(),
  /** Media are downloaded only in this daily window; null: any time. */
  downloadWindow: z.strictObject({ start: TimeOfDay, end: TimeOfDay }).nullable().optional(),
  /** On/off timers; empty or absent: always on. */
  timers: z.array(DeviceTimer).max(28).optional(),
  /** Volume by time of day. */
  volumes: z.array(VolumeRule).max(48).optional(),
  /** The player reports its position (geolocation) when the device allows it. */
  autoPosition: z.boolean().optional(),
});
export type DeviceSettings = z.infer<typeof DeviceSettings>;

/** What a strategy carries: the timed part of the settings (/a/api/strategy). */
export const StrategyDoc = DeviceSettings.pick({
  timers: true,
  volumes: true,
  brightness: true,
  volume: true,
});
export type StrategyDoc = z.infer<typeof StrategyDoc>;

/**
 * The settings a terminal obeys: its strategy's, with what was set on the
 * terminal itself taking precedence field by field (the more specific wins,
 * as a display's own settings win over its profile in Xibo).
 */
export function mergeDeviceSettings(
  strategy: StrategyDoc | null | undefined,
  own: DeviceSettings,
): DeviceSettings {
  const out: DeviceSettings = { ...(strategy ?? {}) };
  for (const [k, v] of Object.entries(own) as Array<[keyof DeviceSettings, unknown]>) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** What the settings make of one instant. */
export interface DeviceState {
  /** The timers leave the screen on. */
  screenOn: boolean;
  /** The volume to play at, or null when the settings say nothing about it. */
  volume: number | null;
  brightness: number;
  rotation: Rotation;
  /** Media may be downloaded now. */
  downloadAllowed: boolean;
  /** The next instant something above changes (ms), or null when nothing ever does. */
  nextChangeAt: number | null;
}

/** Minutes of day `day` (local) at which a daily window [start, end) is open, as [from, to) spans of that day. */
function spans(start: string, end: string): Array<[number, number]> {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (e > s) return [[s, e]];
  // Crosses midnight (or start = end: 24 hours): [s, 1440) today and [0, e) tomorrow.
  return [
    [s, DAY_MIN],
    [DAY_MIN, DAY_MIN + e],
  ];
}

/** Whether local minute `m` of day `day` falls in a window starting on `day` or the day before. */
function inWindow(
  start: string,
  end: string,
  m: number,
  weekday: number,
  days: readonly number[] | null,
): boolean {
  const prev = ((weekday + 5) % 7) + 1;
  for (const [from, to] of spans(start, end)) {
    // Today's window…
    if ((!days || days.includes(weekday)) && m >= from && m < to) return true;
    // …or yesterday's running into today.
    if ((!days || days.includes(prev)) && m + DAY_MIN >= from && m + DAY_MIN < to) return true;
  }
  return false;
}

/** Every minute of the local day at which some rule may change (window edges). */
function edges(s: DeviceSettings): number[] {
  const out = new Set<number>([0]);
  const add = (t: string) => out.add(minutesOf(t) % DAY_MIN);
  for (const t of s.timers ?? []) {
    add(t.on);
    add(t.off);
  }
  for (const v of s.volumes ?? []) {
    add(v.start);
    add(v.end);
  }
  if (s.downloadWindow) {
    add(s.downloadWindow.start);
    add(s.downloadWindow.end);
  }
  return [...out].sort((a, b) => a - b);
}

function stateOf(s: DeviceSettings, m: number, weekday: number): Omit<DeviceState, "nextChangeAt"> {
  const timers = s.timers ?? [];
  const screenOn = !timers.length || timers.some((t) => inWindow(t.on, t.off, m, weekday, t.weekdays));
  const rule = (s.volumes ?? []).find((v) => inWindow(v.start, v.end, m, weekday, null));
  const volume = rule ? rule.volume : (s.volume ?? null);
  const w = s.downloadWindow;
  return {
    screenOn,
    volume,
    brightness: s.brightness ?? 100,
    rotation: s.rotation ?? 0,
    downloadAllowed: !w || inWindow(w.start, w.end, m, weekday, null),
  };
}

const same = (a: Omit<DeviceState, "nextChangeAt">, b: Omit<DeviceState, "nextChangeAt">) =>
  a.screenOn === b.screenOn && a.volume === b.volume && a.downloadAllowed === b.downloadAllowed;

/**
 * The settings at instant `at` in time zone `tz`: screen on or off, volume,
 * brightness, rotation, whether downloads may run, and when that next changes
 * (looked for over the coming eight days, edge by edge).
 */
export function deviceStateAt(settings: DeviceSettings, at: number, tz: string): DeviceState {
  const clock = zoneClock(tz);
  const day = clock.dayOf(at);
  const minute = Math.floor((clock.wallOf(at) - day * 86_400_000) / MINUTE_MS);
  const now = stateOf(settings, minute, isoWeekdayOfDay(day));
  const marks = edges(settings);
  let nextChangeAt: number | null = null;
  if (marks.length > 1 || (settings.timers?.length ?? 0) > 0) {
    search: for (let d = day; d <= day + 8; d++) {
      const weekday = isoWeekdayOfDay(d);
      for (const m of marks) {
        if (d === day && m <= minute) continue;
        const t = clock.instantOf(d, m);
        if (t <= at) continue;
        if (!same(stateOf(settings, m, weekday), now)) {
          nextChangeAt = t;
          break search;
        }
      }
    }
  }
  return { ...now, nextChangeAt };
}

/** The ISO weekdays, for forms. */
export const DEVICE_WEEKDAYS = WEEKDAYS;
