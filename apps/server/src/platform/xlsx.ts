import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger } from "fastify";

/** Rows per sheet: Excel shows at most 1,048,576 rows a sheet; longer exports go on to the next sheet. */
export const XLSX_SHEET_ROWS = 1_000_000;
/** An Excel cell holds at most 32,767 characters. */
export const XLSX_CELL_MAX = 32_767;
/** The content type of an .xlsx answer. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface XlsxColumn {
  header: string;
  key: string;
  width: number;
  /** A date cell (shown as yyyy-mm-dd hh:mm:ss). */
  time?: boolean;
}

export interface WorkbookOptions<R> {
  /** The first sheet's name (cut to fit Excel's 31 characters with a number after it). */
  sheetName: string;
  columns: XlsxColumn[];
  /** Rows per read: next() answering fewer ends the file. */
  batchSize: number;
  /** The batch after the last row of the previous one (null: the first batch); keyset paging keeps each read cheap. */
  next(last: R | null): Promise<R[]>;
  /** A row's cells, in column order. */
  cells(row: R): unknown[];
  /** Sheets longer than this go on to a new sheet (tests make it small). */
  sheetRows?: number;
  log: FastifyBaseLogger;
  /** What is exported, for the log line of a failure. */
  what: string;
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

/** A cell's text, cut to what Excel holds. */
export const cellText = (s: string | null | undefined): string => (s ?? "").slice(0, XLSX_CELL_MAX);

/**
 * An .xlsx file written while it is read: rows come from `next` a batch at a
 * time and go through exceljs's streaming writer into the returned stream, so
 * memory holds about one batch whatever the number of rows. The next batch is
 * only read once the previous one has been compressed and taken by the client
 * (a slow download slows the export down rather than filling memory). A
 * client that goes away stops it. A failure half-way cuts the response (the
 * file is then incomplete and does not open), and is logged.
 */
export function streamWorkbook<R>(o: WorkbookOptions<R>): PassThrough {
  const out = new PassThrough();
  let gone = false;
  const stopped = new Promise<void>((resolve) =>
    out.once("close", () => {
      gone = true;
      resolve();
    }),
  );
  const perSheet = o.sheetRows ?? XLSX_SHEET_ROWS;
  const columns: Array<Partial<ExcelJS.Column>> = o.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.time ? { style: { numFmt: "yyyy-mm-dd hh:mm:ss" } } : {}),
  }));

  const run = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    book.creator = "Marquee";
    const sheetName = o.sheetName.slice(0, 25);
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
    let last: R | null = null;
    for (;;) {
      const rows = await o.next(last);
      if (gone) return;
      for (const r of rows) {
        if (inSheet === perSheet) {
          sheet.commit();
          sheet = addSheet();
          inSheet = 0;
        }
        sheet.addRow(o.cells(r)).commit();
        inSheet++;
      }
      const end = rows.at(-1);
      if (rows.length < o.batchSize || end === undefined) break;
      last = end;
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
    o.log.error({ err }, `the ${o.what} export failed`);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
