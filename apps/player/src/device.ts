import {
  type DeviceSettings,
  DeviceSettings as DeviceSettingsSchema,
  deviceStateAt,
} from "@marquee/schedule";
import { type PlayerReason, playerReason } from "@marquee/terminal-protocol";

/**
 * The screen's own settings as the player applies them: on/off
 * timers, brightness, rotation, volume by time of day and the download
 * window, evaluated locally with @marquee/schedule's deviceStateAt in the
 * terminal's time zone (so they hold through network loss), again at the
 * next change and at least once a minute (a clock set right is caught).
 * Timers use Date.now and setTimeout, so a test's fake clock drives them.
 */

/** The longest wait between two evaluations. */
export const SCREEN_CHECK_MS = 60_000;
/** An evaluation at a change runs this much after it, so it sees the new side. */
const SLACK_MS = 5;

/** What the settings make of one instant, as the screen applies it. */
export interface ScreenState {
  screenOn: boolean;
  brightness: number;
  rotation: 0 | 90 | 180 | 270;
  downloadAllowed: boolean;
  /** The volume of the time-of-day rule in force, or null when none is (the screen's own volume plays). */
  ruleVolume: number | null;
  nextChangeAt: number | null;
}

/** The settings at `at` in zone `tz` (deviceStateAt), with whether a volume rule is in force. */
export function screenStateAt(settings: DeviceSettings, at: number, tz: string): ScreenState {
  const s = deviceStateAt(settings, at, tz);
  // Without the plain volume, deviceStateAt answers a volume only when a rule is in force.
  const ruleVolume = settings.volumes?.length
    ? deviceStateAt({ ...settings, volume: undefined }, at, tz).volume
    : null;
  return {
    screenOn: s.screenOn,
    brightness: s.brightness,
    rotation: s.rotation,
    downloadAllowed: s.downloadAllowed,
    ruleVolume,
    nextChangeAt: s.nextChangeAt,
  };
}

/**
 * The volume the screen plays at: a time-of-day rule's while one is in
 * force, else the screen's own volume (the last of the volume command and
 * the settings' volume to arrive); nothing while the screen is off.
 */
export function playVolume(base: number, state: Pick<ScreenState, "screenOn" | "ruleVolume">): number {
  if (!state.screenOn) return 0;
  return state.ruleVolume ?? base;
}

const sameState = (a: ScreenState, b: ScreenState) =>
  a.screenOn === b.screenOn &&
  a.brightness === b.brightness &&
  a.rotation === b.rotation &&
  a.downloadAllowed === b.downloadAllowed &&
  a.ruleVolume === b.ruleVolume;

/** Settings read back from storage or a command; null when they do not match the schema. */
export function parseSettings(value: unknown): DeviceSettings | null {
  const r = DeviceSettingsSchema.safeParse(value);
  return r.success ? r.data : null;
}

/** Why downloads wait, for the status and the delivery reports. */
export function downloadWindowReason(settings: DeviceSettings): PlayerReason {
  const w = settings.downloadWindow;
  return w
    ? playerReason("downloadWindow", { start: w.start, end: w.end })
    : playerReason("downloadWindowClosed");
}

/** Keeps the screen's state current: evaluates now, at every change, and at least every minute. */
export class ScreenClock {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private settings: DeviceSettings = {};
  private tz = "UTC";
  state: ScreenState;

  constructor(private readonly onChange: (state: ScreenState) => void) {
    this.state = screenStateAt({}, Date.now(), "UTC");
  }

  /** Takes new settings (and zone) and evaluates at once; `onChange` hears it if anything differs. */
  set(settings: DeviceSettings, tz: string): void {
    this.settings = settings;
    this.tz = tz;
    this.evaluate();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private evaluate(): void {
    this.stop();
    const now = Date.now();
    let next: ScreenState;
    try {
      next = screenStateAt(this.settings, now, this.tz);
    } catch {
      // Settings the evaluator cannot read leave the screen as its defaults have it: on, full brightness.
      next = screenStateAt({}, now, "UTC");
    }
    const changed = !sameState(this.state, next);
    this.state = next;
    const wait =
      next.nextChangeAt === null
        ? SCREEN_CHECK_MS
        : Math.min(SCREEN_CHECK_MS, Math.max(0, next.nextChangeAt - now) + SLACK_MS);
    this.timer = setTimeout(() => this.evaluate(), wait);
    if (changed) this.onChange(next);
  }
}
