import type { MessageKey } from "@marquee/contracts";

type Values = Record<string, string | number>;

/** An error a caller can cause: its HTTP status, a message key in the catalogue, and extra payload. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly values?: Values,
    readonly extra?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, values?: Values, extra?: Record<string, unknown>) =>
  new AppError(400, key, values, extra);
export const forbidden = (key: MessageKey = "auth.forbidden", values?: Values) =>
  new AppError(403, key, values);
export const notFound = (entity: string, id: string | number) =>
  new AppError(404, "common.recordNotFound", { entity, id });

/** The rows found for `ids`, or 404 naming the first id with no row (one outside the caller's range looks the same). */
export function allFound<R extends { id: number }>(rows: R[], ids: readonly number[], entity: string): R[] {
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(entity, missing);
  return rows;
}

/** A field error of a 400 answer, keyed by field; the message is a catalogue key. */
export class FieldErrors extends Error {
  constructor(readonly fields: Array<{ field: string; key: MessageKey; values?: Values }>) {
    super("validation");
  }
}
