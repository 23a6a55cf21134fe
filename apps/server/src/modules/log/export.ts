import type { PassThrough } from "node:stream";
import { auditActionName, auditTargetText, type Locale, type MessageKey } from "@marquee/contracts";
import { zoneClock } from "@marquee/schedule";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { cellText, streamWorkbook } from "../../platform/xlsx";
import { targetNames } from "./names";
import { auditBatch, type LogFilter } from "./repo";

/** Rows read per query: a keyset range of the id index, small enough to hold a batch at a time. */
export const EXPORT_BATCH = 2_000;

/** A row of a batch, with the names its batch's targets name. */
interface ExportRow {
  row: Awaited<ReturnType<typeof auditBatch>>[number];
  names: Record<string, string>;
}
type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface ExportOptions {
  services: Services;
  actor: Actor;
  filter: LogFilter;
  timezone: string;
  /** Actions and targets are named in it. */
  locale: Locale;
  t: Translate;
  log: FastifyBaseLogger;
}

/**
 * The system log of the filter as an .xlsx file, written while it is read
 * (see streamWorkbook): EXPORT_BATCH rows at a time, keyset on id, newest first.
 */
export function logWorkbook(o: ExportOptions): PassThrough {
  const clock = zoneClock(o.timezone);
  const results = {
    ok: o.t("log.export.ok"),
    fail: o.t("log.export.fail"),
    pending: o.t("log.export.pending"),
    interrupted: o.t("log.export.interrupted"),
  };
  return streamWorkbook<ExportRow>({
    sheetName: o.t("log.export.sheet"),
    columns: [
      { header: o.t("log.export.col.id"), key: "id", width: 10 },
      { header: o.t("log.export.col.time", { zone: clock.name }), key: "time", width: 20, time: true },
      { header: o.t("log.export.col.user"), key: "user", width: 16 },
      { header: o.t("log.export.col.action"), key: "action", width: 36 },
      { header: o.t("log.export.col.method"), key: "method", width: 9 },
      { header: o.t("log.export.col.target"), key: "target", width: 28 },
      { header: o.t("log.export.col.result"), key: "result", width: 10 },
      { header: o.t("log.export.col.status"), key: "status", width: 9 },
      { header: o.t("log.export.col.ip"), key: "ip", width: 16 },
      { header: o.t("log.export.col.duration"), key: "duration", width: 10 },
      { header: o.t("log.export.col.userAgent"), key: "userAgent", width: 40 },
      { header: o.t("log.export.col.detail"), key: "detail", width: 50 },
    ],
    batchSize: EXPORT_BATCH,
    next: async (last) => {
      const rows = await auditBatch(o.services, o.actor, o.filter, last?.row.id ?? null, EXPORT_BATCH);
      // One names query per entity and batch, through the reader's tenancy like the list's.
      const names = await targetNames(o.services.db, o.actor, rows);
      return rows.map((row) => ({ row, names }));
    },
    cells: ({ row: r, names }) => [
      r.id,
      // Excel dates carry no zone: the wall-clock time of the chosen zone, as the header says.
      new Date(clock.wallOf(r.createdAt.getTime())),
      r.username ?? "",
      auditActionName(r.action, o.locale),
      r.method,
      cellText(auditTargetText(r.target, r.action, o.locale, { names })),
      results[r.result],
      r.status,
      r.ip ?? "",
      r.durationMs,
      r.userAgent ?? "",
      r.detail == null ? "" : cellText(JSON.stringify(r.detail)),
    ],
    log: o.log,
    what: "system log",
  });
}
