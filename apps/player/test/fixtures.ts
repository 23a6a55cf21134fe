import { createProgram, createWidget } from "@marquee/program";
import {
  DEFAULT_MESSAGE,
  type MessageDoc,
  type PlanItem,
  type ScheduleMessage,
  type SchedulePlan,
} from "@marquee/schedule";
import type { Manifest, ManifestMedia } from "@marquee/terminal-protocol";

/** A file of a manifest. */
export function file(hash: string, materialId: number, size = 100): ManifestMedia {
  return {
    hash,
    size,
    mime: "image/png",
    materialId,
    type: "image",
    name: `m${materialId}.png`,
    url: null,
    width: 10,
    height: 10,
    durationMs: null,
  };
}

/** A web page of a manifest (no file: its own address). */
export function webPage(materialId: number, url: string): ManifestMedia {
  return { ...file("", materialId, 0), type: "web", mime: null, name: "page", url };
}

/** A valid program document with one text widget. */
export function programDoc(text = "Hello") {
  const doc = createProgram({ width: 1920, height: 1080 });
  const scene = doc.scenes[0];
  if (!scene) throw new Error("no scene");
  scene.widgets.push(createWidget("text", doc, { defaults: { text } }));
  return doc;
}

/** A valid program document showing one image (material `materialId`). */
export function imageProgramDoc(materialId: number) {
  const doc = createProgram({ width: 1920, height: 1080 });
  const scene = doc.scenes[0];
  if (!scene) throw new Error("no scene");
  scene.widgets.push(createWidget("image", doc, { defaults: { materialId } }));
  return doc;
}

/** A manifest of the given programs and media (Manifest v2; what plays comes from `extra`). */
export function manifest(
  programs: Array<{ id: number; doc: unknown; version?: number }>,
  media: ManifestMedia[] = [],
  version = "v1",
  extra: Partial<
    Pick<Manifest, "timezone" | "schedule" | "messages" | "publications" | "settings" | "playNow">
  > = {},
): Manifest {
  return {
    version,
    terminalId: 7,
    terminalName: "",
    timezone: "UTC",
    programs: programs.map((p) => ({ id: p.id, name: `P${p.id}`, version: p.version ?? 1, doc: p.doc })),
    media,
    schedule: [],
    messages: [],
    publications: [],
    settings: {},
    playNow: null,
    generatedAt: "2026-03-01T09:00:00.000Z",
    ...extra,
  };
}

/** Monday 2 March 2026, 10:00 UTC: inside the fixtures' default window. */
export const MONDAY_10 = Date.parse("2026-03-02T10:00:00.000Z");

/** A plan item: every day of March 2026, 09:00–12:00 by default, looping at normal tier. */
export function planItem(id: string, programId: number, over: Partial<PlanItem> = {}): PlanItem {
  return {
    id,
    programId,
    startDate: "2026-03-01",
    endDate: "2026-03-31",
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windows: [{ start: "09:00", end: "12:00" }],
    mode: { kind: "loop" },
    tier: "normal",
    ...over,
  };
}

/** A published plan as the manifest carries it. */
export function schedulePlan(
  planId: number,
  items: PlanItem[],
  over: Partial<SchedulePlan> = {},
): SchedulePlan {
  return {
    planId,
    name: `Plan ${planId}`,
    source: "plan",
    publicationId: null,
    order: planId,
    items,
    defaultProgramId: null,
    ...over,
  };
}

/** A message shown from `startAt` to `endAt`. */
export function scheduleMessage(
  id: number,
  doc: Partial<MessageDoc> = {},
  over: Partial<ScheduleMessage> = {},
): ScheduleMessage {
  return {
    id,
    name: `M${id}`,
    publicationId: null,
    startAt: MONDAY_10 - 60_000,
    endAt: MONDAY_10 + 3_600_000,
    doc: { ...DEFAULT_MESSAGE, text: `Message ${id}`, ...doc },
    ...over,
  };
}
