import { PassThrough, type Writable } from "node:stream";
import type { MessageKey } from "@marquee/contracts";
import { zoneClock } from "@marquee/schedule";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { auditBatch, type LogFilter } from "./repo";

/** Rows read per query: a keyset range of the id index, small enough to hold a batch at a time. */
export const EXPORT_BATCH = 2_000;
/** Rows per sheet: Excel shows at most 1,048,576 rows a sheet; longer exports go on to the next sheet. */
export const EXPORT_SHEET_ROWS = 1_000_000;
/** An Excel cell holds at most 32,767 characters. */
const CELL_MAX = 32_767;

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface ExportOptions {
  services: Services;
  actor: Actor;
  filter: LogFilter;
  timezone: string;
  t: Translate;
  log: FastifyBaseLogger;
}

/** Whether a writable holds more than it wants: node's streams say so, readable-stream 2 in its state. */
function needsDrain(w: Writable): boolean {
  return (
    w.writableNeedDrain ??
    (w as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true
  );
}

/** Resolves on the event, or once `stop` has fired, whichever comes first. */
function eventOr(emitter: Writable, event: string, stop: Promise<void>): Promise<void> {
  let off = () => {};
  const fired = new Promise<void>((resolve) => {
    const done = () => resolve();
    emitter.once(event, done);
    off = () => emitter.off(event, done);
  });
  return Promise.race([fired, stop]).finally(off);
}

/**
 * The system log of the filter as an .xlsx file, written while it is read:
 * rows come from the database EXPORT_BATCH at a time (keyset on id) and go
 * through exceljs's streaming writer into the returned stream, so memory
 * holds about one batch whatever the number of rows. The next batch is only
 * read once the previous one has been compressed and taken by the client
 * (a slow download slows the export down rather than filling memory). A
 * client that goes away stops it. A database failure half-way cuts the
 * response (the file is then incomplete and does not open), and is logged.
 */
export function logWorkbook(o: ExportOptions): PassThrough {
  const out = new PassThrough();
  let gone = false;
  const stopped = new Promise<void>((resolve) =>
    out.once("close", () => {
      gone = true;
      resolve();
    }),
  );
  const clock = zoneClock(o.timezone);
  const ok = o.t("log.export.ok");
  const fail = o.t("log.export.fail");
  const columns: Array<Partial<ExcelJS.Column>> = [
    { header: o.t("log.export.col.id"), key: "id", width: 10 },
    {
      header: o.t("log.export.col.time", { zone: clock.name }),
      key: "time",
      width: 20,
      style: { numFmt: "yyyy-mm-dd hh:mm:ss" },
    },
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
  ];

  const run = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    book.creator = "Marquee";
    const sheetName = o.t("log.export.sheet").slice(0, 25);
    let sheetNo = 0;
    const addSheet = () => {
      sheetNo++;
      const sheet = book.addWorksheet(sheetNo === 1 ? sheetName : `${sheetName} ${sheetNo}`, {
        views: [{ state: "frozen", ySplit: 1 }],
      });
      sheet.columns = columns;
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      return sheet;
    };
    let sheet = addSheet();
    let inSheet = 0;
    let lastId: number | null = null;
    for (;;) {
      const rows = await auditBatch(o.services, o.actor, o.filter, lastId, EXPORT_BATCH);
      if (gone) return;
      for (const r of rows) {
        if (inSheet === EXPORT_SHEET_ROWS) {
          sheet.commit();
          sheet = addSheet();
          inSheet = 0;
        }
        sheet
          .addRow([
            r.id,
            // Excel dates carry no zone: the wall-clock time of the chosen zone, as the header says.
            new Date(clock.wallOf(r.createdAt.getTime())),
            r.username ?? "",
            r.action,
            r.method,
            r.target ?? "",
            r.result === "ok" ? ok : fail,
            r.status,
            r.ip ?? "",
            r.durationMs,
            r.userAgent ?? "",
            r.detail == null ? "" : JSON.stringify(r.detail).slice(0, CELL_MAX),
          ])
          .commit();
        inSheet++;
      }
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) break;
      lastId = last.id;
      // The sheet's data goes into the zip through archiver's own stream, which buffers what the
      // compressor has not yet taken (it never refuses a write): wait until it has taken this
      // batch, then until the response has room. That stream is of the older readable-stream
      // kind, without `writableNeedDrain`: its state says it.
      const entry = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
      if (entry && needsDrain(entry)) await eventOr(entry, "drain", stopped);
      if (needsDrain(out)) await eventOr(out, "drain", stopped);
      if (gone) return;
    }
    sheet.commit();
    await book.commit();
  };
  run().catch((err: unknown) => {
    o.log.error({ err }, "the system log export failed");
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
