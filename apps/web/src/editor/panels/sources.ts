import {
  type Command,
  type DataSource,
  LIMITS,
  newId,
  type ProgramDoc,
  parseCsv,
  type Row,
  rowsAt,
} from "@marquee/program";
import type { PlacedWidget } from "./scenes";

/**
 * Data sources of a program: which widgets read them (a source in use cannot
 * simply vanish: the server refuses a dangling reference,
 * program.dataSourceMissing), and rows of an uploaded file.
 */

/** The data source a widget reads, if any (a table's source, a text's binding). */
export function sourceOf(widget: PlacedWidget["widget"]): string | null {
  if (widget.type === "table") return widget.props.dataSourceId;
  if (widget.type === "text") return widget.props.binding?.dataSourceId ?? null;
  return null;
}

/** Widgets of every scene that read a data source. */
export function widgetsUsingSource(doc: ProgramDoc, sourceId: string): PlacedWidget[] {
  const out: PlacedWidget[] = [];
  for (const s of doc.scenes)
    for (const w of s.widgets)
      if (sourceOf(w) === sourceId) out.push({ sceneId: s.id, sceneName: s.name, widget: w });
  return out;
}

/**
 * Removing a data source as one command: the widgets that read it lose the
 * reference first (a table keeps its columns, a text its last text).
 */
export function removeSourceCommand(doc: ProgramDoc, sourceId: string): Command {
  const bySceneId = new Map<string, Array<{ id: string; patch: { props: Record<string, unknown> } }>>();
  for (const { sceneId, widget } of widgetsUsingSource(doc, sourceId)) {
    const props = widget.type === "table" ? { dataSourceId: null } : { binding: null };
    bySceneId.set(sceneId, [...(bySceneId.get(sceneId) ?? []), { id: widget.id, patch: { props } }]);
  }
  const commands: Command[] = [...bySceneId].map(([sceneId, changes]) => ({
    t: "widget.update",
    sceneId,
    changes,
  }));
  commands.push({ t: "dataSources.set", dataSources: doc.dataSources.filter((d) => d.id !== sourceId) });
  return commands.length === 1 ? (commands[0] as Command) : { t: "batch", commands };
}

/** A new data source as the form starts it: an address of JSON rows, refreshed every minute. */
export function newSource(name: string): DataSource {
  return {
    id: newId("d"),
    name,
    format: "json",
    kind: "url",
    url: null,
    rowsPath: "",
    rows: [],
    refreshSec: 60,
  };
}

/** Field names of rows, in the order they first appear. */
export function fieldsOfRows(rows: readonly Row[]): string[] {
  return [...new Set(rows.flatMap((r) => Object.keys(r)))];
}

/** Rows read from a file, or why there are none. */
export type ParsedFile =
  | { ok: true; fields: string[]; rows: Row[]; truncated: boolean }
  | { ok: false; error: "jsonInvalid" | "noRows" };

/**
 * Rows of an uploaded file, as the program stores them inline: at most
 * LIMITS.inlineRows (`truncated` says whether more were dropped).
 */
export function parseDataFile(text: string, format: DataSource["format"], rowsPath: string): ParsedFile {
  const max = LIMITS.inlineRows;
  let parsed: { fields: string[]; rows: Row[] };
  if (format === "csv") parsed = parseCsv(text, max + 1);
  else {
    let json: unknown;
    try {
      json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      return { ok: false, error: "jsonInvalid" };
    }
    parsed = rowsAt(json, rowsPath, max + 1);
  }
  if (parsed.rows.length === 0) return { ok: false, error: "noRows" };
  const rows = parsed.rows.slice(0, max);
  return { ok: true, fields: fieldsOfRows(rows), rows, truncated: parsed.rows.length > max };
}

/** The format a file name suggests (.csv or .json), or null. */
export function formatOfFileName(name: string): DataSource["format"] | null {
  const lower = name.toLowerCase();
  return lower.endsWith(".csv") ? "csv" : lower.endsWith(".json") ? "json" : null;
}
