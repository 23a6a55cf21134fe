import { StrategyDocBody, type StrategySummary } from "@marquee/contracts";
import { type DeviceSettings, minutesOf, type StrategyDoc } from "@marquee/schedule";
import { clockText, type PreviewDay, weekPreview } from "../terminal/settingsForm";

/** What the strategy drawer's form holds: the document made editable, with the optional parts switched on or off. */
export interface StrategyFormValues {
  name: string;
  officeId?: number;
  remarks: string;
  timers: Array<{ weekdays: number[]; on: string; off: string }>;
  volumes: Array<{ start: string; end: string; volume: number }>;
  /** A base volume is part of the strategy (else the terminal keeps its own or the player's). */
  useVolume: boolean;
  volume: number;
  useBrightness: boolean;
  brightness: number;
}

export const EMPTY_FORM: StrategyFormValues = {
  name: "",
  remarks: "",
  timers: [],
  volumes: [],
  useVolume: false,
  volume: 50,
  useBrightness: false,
  brightness: 100,
};

/** A new timer row: working days, 08:00 to 22:00. */
export const NEW_TIMER = { weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "22:00" };
/** A new volume rule: a quiet lunch hour. */
export const NEW_VOLUME_RULE = { start: "12:00", end: "14:00", volume: 30 };

/** The form's values of a stored strategy. */
export function toFormValues(s: StrategySummary): StrategyFormValues {
  return {
    name: s.name,
    officeId: s.officeId,
    remarks: s.remarks ?? "",
    timers: (s.doc.timers ?? []).map((t) => ({ weekdays: [...t.weekdays], on: t.on, off: t.off })),
    volumes: (s.doc.volumes ?? []).map((v) => ({ ...v })),
    useVolume: s.doc.volume !== undefined,
    volume: s.doc.volume ?? EMPTY_FORM.volume,
    useBrightness: s.doc.brightness !== undefined,
    brightness: s.doc.brightness ?? EMPTY_FORM.brightness,
  };
}

/** The document the form describes (parts left empty or switched off are left out). */
export function toDoc(v: Partial<StrategyFormValues>): StrategyDoc {
  const doc: StrategyDoc = {};
  const timers = (v.timers ?? []).filter(Boolean);
  if (timers.length)
    doc.timers = timers.map((t) => ({
      weekdays: [...new Set(t.weekdays ?? [])].sort((a, b) => a - b),
      on: t.on,
      off: t.off,
    }));
  const volumes = (v.volumes ?? []).filter(Boolean);
  if (volumes.length) doc.volumes = volumes.map((r) => ({ start: r.start, end: r.end, volume: r.volume }));
  if (v.useVolume && typeof v.volume === "number") doc.volume = v.volume;
  if (v.useBrightness && typeof v.brightness === "number") doc.brightness = v.brightness;
  return doc;
}

/** How a timer runs: within one day, over midnight into the next day, or all day (off = on). */
export function timerSpan(
  on: string | undefined,
  off: string | undefined,
): "sameDay" | "overnight" | "allDay" {
  if (!on || !off) return "sameDay";
  const a = minutesOf(on);
  const b = minutesOf(off);
  if (a === b) return "allDay";
  return b < a ? "overnight" : "sameDay";
}

/** A problem the form shows at a field: its path in the form and the key of its message. */
export interface DocProblem {
  name: Array<string | number>;
  key: "overlap" | "timeInvalid" | "weekdays" | "invalid";
}

/** What the contracts' own check (StrategyDocBody) finds wrong with the document, as form fields. */
export function docProblems(doc: StrategyDoc): DocProblem[] {
  const parsed = StrategyDocBody.safeParse(doc);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const key: DocProblem["key"] =
      issue.message === "strategy.volumeOverlap"
        ? "overlap"
        : issue.message === "schedule.timeInvalid"
          ? "timeInvalid"
          : issue.path.includes("weekdays")
            ? "weekdays"
            : "invalid";
    return { name: formFieldOf(issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))), key };
  });
}

/**
 * A server field error's path ("doc.timers.0.on", "name") as a form field: a whole volume rule
 * ("doc.volumes.1") shows at its start, a weekday at the weekday boxes.
 */
export function formFieldOf(path: ReadonlyArray<string | number>): Array<string | number> {
  const parts = path.map((p) => (typeof p === "string" && /^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === "doc") parts.shift();
  const [head, index, field] = parts;
  if ((head === "timers" || head === "volumes") && typeof index === "number") {
    if (head === "timers") return [head, index, field === "on" || field === "off" ? field : "weekdays"];
    return [head, index, field === "end" || field === "volume" ? field : "start"];
  }
  if (head === "volume") return ["volume"];
  if (head === "brightness") return ["brightness"];
  return parts.length ? parts : ["name"];
}

/** A day of the preview: its stretches, and the hours the screen is off, as text ("22:00–24:00"). */
export interface StrategyPreviewDay extends PreviewDay {
  offHours: string[];
}

/** What the document makes of the coming week in time zone `tz` (deviceStateAt, as the player obeys it). */
export function strategyPreview(doc: StrategyDoc, now: number, tz: string): StrategyPreviewDay[] {
  return weekPreview(doc as DeviceSettings, now, tz).map((d) => ({
    ...d,
    offHours: mergeSpans(d.spans.filter((s) => !s.screenOn)).map(
      (s) => `${clockText(s.from)}–${clockText(s.to)}`,
    ),
  }));
}

/** Joins touching stretches (a volume change inside an off stretch does not split it for the eye). */
function mergeSpans<T extends { from: number; to: number }>(spans: T[]): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && last.to === s.from) last.to = s.to;
    else out.push({ from: s.from, to: s.to });
  }
  return out;
}

/** The time zone of this browser, for the preview's first choice. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
