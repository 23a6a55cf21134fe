import type { ContentState } from "@marquee/contracts";
import { DEFAULT_MESSAGE, type MessageDoc } from "@marquee/schedule";
import dayjs, { type Dayjs } from "dayjs";
import type { PubMessageDetail, PubMessageSaveBody } from "./api";

/**
 * The message form's pure side: the values the form holds, the save body
 * made from them, the checks of its times, and the preview's size (kept apart
 * from the page so they are tested without a browser).
 */

/** What the form holds: the doc's fields, the name, and the times as pickers give them. */
export interface MessageFormValues extends MessageDoc {
  name: string;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
}

/** The saved message the form edits (null: a new one). */
export interface SavedMessage {
  id: number;
  version: number;
  state: ContentState;
}

/** A new message's values: the model's defaults, no name, no times. */
export function emptyValues(): MessageFormValues {
  return { ...DEFAULT_MESSAGE, name: "", startAt: null, endAt: null };
}

/** The doc of the form's values (trimmed text and font family, whole numbers). */
export function docOf(v: MessageFormValues): MessageDoc {
  const whole = (n: number | null | undefined, fallback: number) =>
    typeof n === "number" && Number.isFinite(n) ? Math.round(n) : fallback;
  return {
    kind: v.kind,
    text: (v.text ?? "").trim(),
    fontFamily: (v.fontFamily ?? "").trim(),
    fontSize: whole(v.fontSize, DEFAULT_MESSAGE.fontSize),
    bold: Boolean(v.bold),
    color: v.color || DEFAULT_MESSAGE.color,
    background: v.background || DEFAULT_MESSAGE.background,
    opacity: whole(v.opacity, DEFAULT_MESSAGE.opacity),
    position: v.position,
    speed: whole(v.speed, DEFAULT_MESSAGE.speed),
    repeat: whole(v.repeat, DEFAULT_MESSAGE.repeat),
    noticeSec: whole(v.noticeSec, DEFAULT_MESSAGE.noticeSec),
    priority: v.priority,
    emergencyDisplay: v.emergencyDisplay ?? DEFAULT_MESSAGE.emergencyDisplay,
  };
}

/** A picked time as the server takes it (whole minutes, ISO with the zone), or null. */
export function isoOf(d: Dayjs | null | undefined): string | null {
  return d?.isValid() ? d.second(0).millisecond(0).toISOString() : null;
}

/**
 * The body of ajaxSave: a create, or an update of `saved` at its version;
 * `force` overwrites a newer version (the user chose it after a conflict).
 */
export function toSaveBody(
  v: MessageFormValues,
  saved: SavedMessage | null,
  force = false,
): PubMessageSaveBody {
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    ...(saved && force ? { force: true } : {}),
    name: v.name.trim(),
    doc: docOf(v),
    startAt: isoOf(v.startAt),
    endAt: isoOf(v.endAt),
  };
}

/** The form's values of a message loaded from the server. */
export function fromDetail(d: Pick<PubMessageDetail, "message" | "doc">): MessageFormValues {
  return {
    ...DEFAULT_MESSAGE,
    ...d.doc,
    name: d.message.name,
    startAt: d.message.startAt ? dayjs(d.message.startAt) : null,
    endAt: d.message.endAt ? dayjs(d.message.endAt) : null,
  };
}

/** Whether the end is not after the start (the server refuses it too); open times never are. */
export function endsBeforeStart(startAt: Dayjs | null | undefined, endAt: Dayjs | null | undefined): boolean {
  const start = isoOf(startAt);
  const end = isoOf(endAt);
  return start !== null && end !== null && Date.parse(end) <= Date.parse(start);
}

/** Whether the end has already passed (the screens would never show the message). */
export function endPassed(endAt: Dayjs | null | undefined, now: Dayjs = dayjs()): boolean {
  const end = isoOf(endAt);
  return end !== null && Date.parse(end) <= now.valueOf();
}

/** What is wrong with the times, the refusal first: null when nothing is. */
export function timesProblem(
  startAt: Dayjs | null | undefined,
  endAt: Dayjs | null | undefined,
  now: Dayjs = dayjs(),
): "endBeforeStart" | "endPast" | null {
  if (endsBeforeStart(startAt, endAt)) return "endBeforeStart";
  if (endPassed(endAt, now)) return "endPast";
  return null;
}

/** The form field a server field error names ("doc.text" → "text", "endAt" → "endAt"), or null. */
export function formFieldOf(path: string): keyof MessageFormValues | null {
  const last = path.split(".").pop() ?? "";
  const known: ReadonlyArray<keyof MessageFormValues> = [
    "name",
    "startAt",
    "endAt",
    ...(Object.keys(DEFAULT_MESSAGE) as Array<keyof MessageDoc>),
  ];
  return known.find((k) => k === last) ?? null;
}

/** The preview's screen: 16:9 at the width available (at least 160 pixels wide). */
export function previewSize(availableWidth: number): { width: number; height: number } {
  const width = Math.max(160, Math.floor(availableWidth));
  return { width, height: Math.round((width * 9) / 16) };
}

/** A text cut to `max` characters on one line, for lists. */
export function excerpt(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
