import type { PassThrough } from "node:stream";
import type { AlarmRow, MessageKey } from "@marquee/contracts";
import { RUNWAY_REASONS, zoneClock } from "@marquee/schedule";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../../platform/services";
import { cellText, streamWorkbook } from "../../platform/xlsx";
import { reasonMessage } from "./reason";
import { alarmBatch } from "./repo";

/** Rows read per query (keyset on id). */
export const ALARM_EXPORT_BATCH = 1000;

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The message of an alarm in the reader's words: the rules' findings are
 * worded from their detail, an event's coded message from its code.
 */
export function alarmMessage(a: AlarmRow, t: Translate, wall: (ms: number) => string): string {
  const d = a.detail ?? {};
  if (a.kind === "offline" && typeof d.minutes === "number") {
    const since = typeof d.since === "string" ? Date.parse(d.since) : Number.NaN;
    return Number.isNaN(since)
      ? t("alarm.finding.offlineNever", { minutes: d.minutes })
      : t("alarm.finding.offline", { since: wall(since), minutes: d.minutes });
  }
  if (a.kind === "storageLow" && typeof d.percent === "number" && typeof d.threshold === "number")
    return t("alarm.finding.storageLow", { percent: d.percent, threshold: d.threshold });
  // Offline runway (issue 24)
  if (a.kind === "runwayLow" && typeof d.until === "string" && typeof d.hours === "number") {
    const reason = RUNWAY_REASONS.find((r) => r === d.reason);
    return t("alarm.finding.runwayLow", {
      until: wall(Date.parse(d.until)),
      reason: reason ? t(`alarm.runway.${reason}`, { name: typeof d.name === "string" ? d.name : "" }) : "",
      hours: d.hours,
    });
  }
  return reasonMessage(t, a.message);
}

/**
 * The alarms of `where` (already inside the caller's range) as an .xlsx,
 * newest raised first, with headers in the caller's language and times as
 * wall-clock times of `timezone` (named in the headers).
 */
export function alarmWorkbook(o: {
  services: Services;
  where: SQL | undefined;
  timezone: string;
  t: Translate;
  log: FastifyBaseLogger;
}): PassThrough {
  const { t } = o;
  const clock = zoneClock(o.timezone);
  const zone = clock.name;
  // Excel dates carry no zone: the wall-clock time of the chosen zone, as the headers say.
  const cellTime = (iso: string | null) => (iso ? new Date(clock.wallOf(Date.parse(iso))) : null);
  const wall = (ms: number) => new Date(clock.wallOf(ms)).toISOString().slice(0, 16).replace("T", " ");
  const byRule = t("alarm.export.byRule");
  return streamWorkbook<AlarmRow>({
    sheetName: t("alarm.export.sheet"),
    columns: [
      { header: t("alarm.export.col.id"), key: "id", width: 8 },
      { header: t("alarm.export.col.kind"), key: "kind", width: 16 },
      { header: t("alarm.export.col.state"), key: "state", width: 10 },
      { header: t("alarm.export.col.terminal"), key: "terminal", width: 24 },
      { header: t("alarm.export.col.deviceId"), key: "deviceId", width: 24 },
      { header: t("alarm.export.col.office"), key: "office", width: 20 },
      { header: t("alarm.export.col.message"), key: "message", width: 48 },
      { header: t("alarm.export.col.count"), key: "count", width: 10 },
      { header: t("alarm.export.col.raisedAt", { zone }), key: "raisedAt", width: 20, time: true },
      { header: t("alarm.export.col.lastAt", { zone }), key: "lastAt", width: 20, time: true },
      { header: t("alarm.export.col.clearedAt", { zone }), key: "clearedAt", width: 20, time: true },
      { header: t("alarm.export.col.clearedBy"), key: "clearedBy", width: 18 },
      { header: t("alarm.export.col.note"), key: "note", width: 30 },
    ],
    batchSize: ALARM_EXPORT_BATCH,
    next: (last) => alarmBatch(o.services, o.where, last?.id ?? null, ALARM_EXPORT_BATCH),
    cells: (a) => [
      a.id,
      t(`alarm.kind.${a.kind}`),
      t(`alarm.state.${a.state}`),
      cellText(a.terminalName),
      a.deviceId,
      a.officeName ?? "",
      cellText(alarmMessage(a, t, wall)),
      a.count,
      cellTime(a.raisedAt),
      cellTime(a.lastAt),
      cellTime(a.clearedAt),
      a.state === "cleared" ? (a.clearedByName ?? (a.clearedBy === null ? byRule : "")) : "",
      cellText(a.clearNote),
    ],
    log: o.log,
    what: "alarm",
  });
}
