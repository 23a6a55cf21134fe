/**
 * Rows of a data source: CSV text or JSON, parsed the same way by the server
 * (addresses) and the editor (uploaded files).
 */

export type Row = Record<string, unknown>;

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; the first line names the fields. */
export function parseCsv(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
): { fields: string[]; rows: Row[] } {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      if (records.length > maxRows) break;
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const nonEmpty = records.filter((r) => !(r.length === 1 && r[0] === ""));
  const header = (nonEmpty[0] ?? []).map((h, i) => h.trim() || `column${i + 1}`);
  const rows = nonEmpty
    .slice(1, Number.isFinite(maxRows) ? maxRows + 1 : undefined)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
  return { fields: header, rows };
}

/** The array of rows at a dot path of a JSON value ("" for the value itself); objects become one row. */
export function rowsAt(
  json: unknown,
  path: string,
  maxRows = Number.POSITIVE_INFINITY,
): { fields: string[]; rows: Row[] } {
  let at: unknown = json;
  for (const key of path.split(".").filter(Boolean)) {
    if (at === null || typeof at !== "object") return { fields: [], rows: [] };
    at = (at as Record<string, unknown>)[key];
  }
  const list = Array.isArray(at) ? at : at !== null && typeof at === "object" ? [at] : [];
  const rows = list
    .slice(0, Number.isFinite(maxRows) ? maxRows : undefined)
    .map((r) => (r !== null && typeof r === "object" && !Array.isArray(r) ? (r as Row) : { value: r }));
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { fields, rows };
}

/** The text of a field of a row, for display ("" when absent). */
export function cellText(row: Row | undefined, field: string): string {
  const v = row?.[field];
  if (v === null || v === undefined) return "";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}
