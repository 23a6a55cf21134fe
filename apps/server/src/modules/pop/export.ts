import { Readable } from "node:stream";
import { type MessageKey, POP_EXPORT_MAX_ROWS, type PopBy, type PopExportView } from "@marquee/contracts";
import { zoneClock } from "@marquee/schedule";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../../platform/services";
import { cellText, streamWorkbook, type XlsxColumn } from "../../platform/xlsx";
import { describe, detailPage, type PlayRow, type PopScope, sortAggregates, summaryAll } from "./repo";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Limits of a detail export; tests lower them to see the cut. */
export const popExportLimits = { maxRows: POP_EXPORT_MAX_ROWS, batch: 2_000 };

export interface PopExportOptions {
  services: Services;
  scope: PopScope;
  view: PopExportView;
  format: "xlsx" | "csv";
  sort: "plays" | "duration";
  order: "asc" | "desc";
  /** The zone times are written in (the caller's). */
  timezone: string;
  t: Translate;
  log: FastifyBaseLogger;
}

/** A table to write: its columns and its rows' cells, produced while the file is written. */
interface Table {
  sheetName: string;
  columns: XlsxColumn[];
  rows: AsyncIterable<unknown[]>;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** A summary as a table: one row per entity, then the totals and the range it covers. */
async function summaryTable(o: PopExportOptions, by: PopBy): Promise<Table> {
  const all = await summaryAll(o.services, o.scope, by);
  const sorted = sortAggregates(all.rows, o.sort, o.order);
  const rows = await describe(o.services, o.scope, by, all.kind, sorted);
  const t = o.t;
  const columns: XlsxColumn[] = [
    { header: t("pop.export.col.id"), key: "id", width: 10 },
    { header: t(`pop.export.col.${by}`), key: "name", width: 32 },
    { header: t("pop.export.col.plays"), key: "plays", width: 12 },
    { header: t("pop.export.col.duration"), key: "duration", width: 14 },
    { header: t("pop.export.col.terminals"), key: "terminals", width: 16 },
    { header: t("pop.export.col.firstDay"), key: "firstDay", width: 12 },
    { header: t("pop.export.col.lastDay"), key: "lastDay", width: 12 },
  ];
  async function* cells() {
    for (const r of rows)
      yield [r.id, cellText(r.name), r.plays, seconds(r.ms), r.terminals, r.firstDay, r.lastDay];
    yield [t("pop.export.total"), "", all.totals.plays, seconds(all.totals.ms), all.totals.terminals, "", ""];
    yield [t("pop.export.range", { from: o.scope.from, to: o.scope.to, zone: o.scope.timezone })];
  }
  return { sheetName: t("pop.export.sheetSummary"), columns, rows: cells() };
}

/** The raw plays as a table, newest first, at most `popExportLimits.maxRows` of them (a last row says when cut). */
function detailTable(o: PopExportOptions, time: (at: Date) => unknown): Table {
  const t = o.t;
  const clock = zoneClock(o.timezone);
  const columns: XlsxColumn[] = [
    { header: t("pop.export.col.id"), key: "id", width: 12 },
    { header: t("pop.export.col.time", { zone: clock.name }), key: "time", width: 20, time: true },
    { header: t("pop.export.col.kind"), key: "kind", width: 10 },
    { header: t("pop.export.col.terminal"), key: "terminal", width: 24 },
    { header: t("pop.export.col.program"), key: "program", width: 24 },
    { header: t("pop.export.col.scene"), key: "scene", width: 14 },
    { header: t("pop.export.col.widget"), key: "widget", width: 14 },
    { header: t("pop.export.col.material"), key: "material", width: 24 },
    { header: t("pop.export.col.duration"), key: "duration", width: 12 },
  ];
  const kinds = {
    scene: t("pop.export.kind.scene"),
    media: t("pop.export.kind.media"),
    click: t("pop.export.kind.click"),
  };
  const { maxRows, batch } = popExportLimits;
  const cellsOf = (r: PlayRow) => [
    r.id,
    time(r.at),
    kinds[r.kind],
    cellText(r.terminalName),
    cellText(r.programName ?? `#${r.programId}`),
    r.sceneId,
    r.widgetId ?? "",
    r.materialId === null ? "" : cellText(r.materialName ?? `#${r.materialId}`),
    seconds(r.ms),
  ];
  async function* cells() {
    let cursor: string | undefined;
    let written = 0;
    for (;;) {
      const want = Math.min(batch, maxRows - written);
      if (want <= 0) {
        // The limit is reached: one more row read tells whether the file was cut.
        const rest = await detailPage(o.services, o.scope, cursor, 1);
        if (rest.rows.length) yield [t("pop.export.cut", { max: maxRows })];
        return;
      }
      const page = await detailPage(o.services, o.scope, cursor, want);
      for (const r of page.rows) yield cellsOf(r);
      written += page.rows.length;
      if (!page.more || page.cursor === null) return;
      cursor = page.cursor;
    }
  }
  return { sheetName: t("pop.export.sheetDetail"), columns, rows: cells() };
}

/** A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is quoted as text. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(v);
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Rows of a table as CSV lines, with a BOM so spreadsheets read UTF-8; pulled as the client reads. */
function csvStream(table: Table): Readable {
  async function* lines() {
    yield `\uFEFF${table.columns.map((c) => csvCell(c.header)).join(",")}\r\n`;
    let chunk = "";
    for await (const cells of table.rows) {
      chunk += `${cells.map(csvCell).join(",")}\r\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Rows of a table into streamWorkbook's batches. */
function xlsxStream(table: Table, o: PopExportOptions) {
  const it = table.rows[Symbol.asyncIterator]();
  const batchSize = popExportLimits.batch;
  return streamWorkbook<unknown[]>({
    sheetName: table.sheetName,
    columns: table.columns,
    batchSize,
    next: async () => {
      const out: unknown[][] = [];
      while (out.length < batchSize) {
        const n = await it.next();
        if (n.done) break;
        out.push(n.value);
      }
      return out;
    },
    cells: (r) => r,
    log: o.log,
    what: "proof of play",
  });
}

/**
 * The export of a view as a stream: a summary (computed first, so a bad
 * filter still answers an error) or the raw plays (read while written).
 */
export async function popExport(o: PopExportOptions): Promise<Readable> {
  const clock = zoneClock(o.timezone);
  const wall = (at: Date) => new Date(clock.wallOf(at.getTime()));
  const time =
    o.format === "xlsx"
      ? // Excel dates carry no zone: the wall-clock time of the chosen zone, as the header says.
        wall
      : (at: Date) => wall(at).toISOString().slice(0, 19).replace("T", " ");
  const table =
    o.view === "detail"
      ? detailTable(o, time)
      : await summaryTable(o, o.view.slice("summary-".length) as PopBy);
  return o.format === "xlsx" ? xlsxStream(table, o) : csvStream(table);
}
