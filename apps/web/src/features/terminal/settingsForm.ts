import type { DeviceSettingsPatch } from "@marquee/contracts";
import { type DeviceSettings, deviceStateAt, zoneClock } from "@marquee/schedule";

/** The fields of the settings form, in the order the form shows them (DeviceSettings of @marquee/schedule). */
export const SETTING_FIELDS = [
  "volume",
  "brightness",
  "rotation",
  "heartbeatSec",
  "downloadWindow",
  "timers",
  "volumes",
  "autoPosition",
] as const satisfies ReadonlyArray<keyof DeviceSettings>;
export type SettingField = (typeof SETTING_FIELDS)[number];

/**
 * What the operator did with a field: left it alone (not sent: each terminal keeps its own value), set it,
 * or cleared it (the terminal's own value goes, its strategy's or the player's default applies again).
 */
export type FieldMode = "untouched" | "set" | "clear";
export type FieldModes = Record<SettingField, FieldMode>;

export const UNTOUCHED: FieldModes = Object.fromEntries(
  SETTING_FIELDS.map((f) => [f, "untouched"]),
) as FieldModes;

/** A download window as the form holds it: on or off (off: downloads at any time), and its hours. */
export interface WindowValue {
  limited: boolean;
  start: string;
  end: string;
}

/** The form's values: DeviceSettings with the download window made editable. */
export interface SettingsFormValues {
  volume: number;
  brightness: number;
  rotation: 0 | 90 | 180 | 270;
  heartbeatSec: number;
  downloadWindow: WindowValue;
  timers: Array<{ weekdays: number[]; on: string; off: string }>;
  volumes: Array<{ start: string; end: string; volume: number }>;
  autoPosition: boolean;
}

/** What the form starts from: the player's own defaults (DEFAULT_HEARTBEAT_SEC, full brightness, no timers). */
export const DEFAULT_FORM_VALUES: SettingsFormValues = {
  volume: 50,
  brightness: 100,
  rotation: 0,
  heartbeatSec: 30,
  downloadWindow: { limited: false, start: "01:00", end: "06:00" },
  timers: [],
  volumes: [],
  autoPosition: false,
};

/** The value of one field as DeviceSettings carries it. */
function fieldValue(field: SettingField, v: SettingsFormValues): DeviceSettings[SettingField] {
  switch (field) {
    case "downloadWindow":
      return v.downloadWindow.limited ? { start: v.downloadWindow.start, end: v.downloadWindow.end } : null;
    case "timers":
      return v.timers.map((t) => ({ weekdays: [...t.weekdays].sort((a, b) => a - b), on: t.on, off: t.off }));
    case "volumes":
      return v.volumes.map((r) => ({ start: r.start, end: r.end, volume: r.volume }));
    default:
      return v[field];
  }
}

/**
 * Turns the form into the terminalSet patch (DeviceSettingsPatch): a field set carries its value, a cleared
 * one null, an untouched one is left out (each terminal keeps what it has).
 */
export function toSettingsPatch(values: SettingsFormValues, modes: FieldModes): DeviceSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) {
    if (modes[field] === "set") patch[field] = fieldValue(field, values);
    else if (modes[field] === "clear") patch[field] = null;
  }
  return patch as DeviceSettingsPatch;
}

/** Whether the patch changes anything. */
export const isEmptyPatch = (p: DeviceSettingsPatch) => Object.keys(p).length === 0;

/**
 * The settings a terminal would obey after the patch, from what it obeys now (`base`): a set field replaces
 * the value, a cleared one goes (the preview then shows the player's default for it).
 */
export function applyPatch(base: DeviceSettings, patch: DeviceSettingsPatch): DeviceSettings {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null && k !== "downloadWindow") delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out as DeviceSettings;
}

/** How deep a field error goes into each field to name one input (a list row's input, a window's hour). */
const LEAF_DEPTH: Record<SettingField, number> = {
  volume: 1,
  brightness: 1,
  rotation: 1,
  heartbeatSec: 1,
  autoPosition: 1,
  downloadWindow: 2,
  timers: 3,
  volumes: 3,
};

/**
 * A server field error's path ("settings.timers.0.on") as the name of the form input it is about
 * (["timers", 0, "on"]), or null when it names no input of this form (it is then shown above the form).
 */
export function formFieldOf(path: string): Array<string | number> | null {
  const parts = path.split(".");
  if (parts[0] === "settings") parts.shift();
  const head = parts[0] as SettingField | undefined;
  if (!head || !(SETTING_FIELDS as readonly string[]).includes(head)) return null;
  const depth = LEAF_DEPTH[head];
  if (parts.length < depth) return null;
  return parts.slice(0, depth).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** One stretch of a day over which the settings say the same. */
export interface PreviewSpan {
  /** Minutes after the local midnight. */
  from: number;
  to: number;
  screenOn: boolean;
  volume: number | null;
  downloadAllowed: boolean;
}
export interface PreviewDay {
  /** Local midnight of the day (ms). */
  start: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  spans: PreviewSpan[];
}

const MINUTE = 60_000;

/**
 * What deviceStateAt makes of the settings over `days` local days from the one holding `at`, in time zone
 * `tz`: for each day the stretches between changes (the same function the player obeys).
 */
export function weekPreview(settings: DeviceSettings, at: number, tz: string, days = 7): PreviewDay[] {
  const clock = zoneClock(tz);
  const first = clock.dayOf(at);
  const out: PreviewDay[] = [];
  for (let d = first; d < first + days; d++) {
    const start = clock.instantOf(d, 0);
    const end = clock.instantOf(d + 1, 0);
    const spans: PreviewSpan[] = [];
    let t = start;
    // Each step jumps to the next change; a day has at most a few dozen edges, the guard only bounds bad input.
    for (let guard = 0; t < end && guard < 500; guard++) {
      const s = deviceStateAt(settings, t, tz);
      const next = s.nextChangeAt !== null && s.nextChangeAt > t ? Math.min(s.nextChangeAt, end) : end;
      spans.push({
        from: Math.round((t - start) / MINUTE),
        to: Math.round((next - start) / MINUTE),
        screenOn: s.screenOn,
        volume: s.volume,
        downloadAllowed: s.downloadAllowed,
      });
      t = next;
    }
    const weekday = ((((d + 3) % 7) + 7) % 7) + 1;
    out.push({ start, weekday, spans });
  }
  return out;
}

/** "08:30" of minutes after midnight (1440 is "24:00"). */
export const clockText = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
