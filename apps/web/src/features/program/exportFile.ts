import { PROGRAM_EXPORT_FORMAT, ProgramExportFile } from "@marquee/contracts";

/** What reading a chosen file as an export file found. */
export type ExportFileCheck =
  | { ok: true; file: ProgramExportFile }
  | { ok: false; reason: "notJson" | "notExport" | "version" }
  | { ok: false; reason: "invalid"; issues: string[] };

/** Largest file read for import: an export holds the document and media names, never media bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** How many schema problems the import error lists (the rest are summarised by the count). */
export const MAX_LISTED_ISSUES = 5;

/**
 * Checks a file the user chose to import before it is sent: JSON, our format, our version,
 * and the whole document against the contract (the server checks again).
 */
export function checkExportFile(text: string): ExportFileCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "notJson" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, reason: "notExport" };
  const head = value as { format?: unknown; formatVersion?: unknown };
  if (head.format !== PROGRAM_EXPORT_FORMAT) return { ok: false, reason: "notExport" };
  if (head.formatVersion !== 1) return { ok: false, reason: "version" };
  const parsed = ProgramExportFile.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  return {
    ok: false,
    reason: "invalid",
    issues: parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "/"}: ${i.message}`),
  };
}

/** The shape of a failed call that matters here (services/http.ts HttpError). */
interface FailedCall {
  status?: unknown;
  body?: { missing?: unknown } | null;
}

/** The media names of an import refused because the library lacks them (HTTP 400 with `missing`), else null. */
export function missingMediaOf(err: unknown): string[] | null {
  const e = err as FailedCall | null;
  if (e?.status !== 400 || !Array.isArray(e.body?.missing)) return null;
  return e.body.missing.map((m: unknown) =>
    typeof m === "object" && m !== null && "name" in m ? String((m as { name: unknown }).name) : String(m),
  );
}

/** Whether a failed delete was refused because a program is published (HTTP 409; its message says where). */
export function isPublishedRefusal(err: unknown): boolean {
  return (err as FailedCall | null)?.status === 409;
}
