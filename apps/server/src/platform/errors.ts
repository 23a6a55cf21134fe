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

/** The PostgreSQL error behind a failed write, if any (drizzle wraps the driver's error in `cause`). */
function pgError(err: unknown): { code: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { code, ...(typeof constraint === "string" && { constraint }) };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The unique index a write ran into (two saves racing for one name), if that is why it failed. */
export function uniqueViolation(err: unknown): string | undefined {
  const pg = pgError(err);
  return pg?.code === "23505" ? (pg.constraint ?? "") : undefined;
}

/** Whether a write failed on the unique index `constraint`. */
export const violates = (err: unknown, constraint: string): boolean => uniqueViolation(err) === constraint;

/** Whether a write failed on a foreign key (a row elsewhere still names it, or arrived meanwhile). */
export const foreignKeyViolation = (err: unknown): boolean => pgError(err)?.code === "23503";

/**
 * Whether a write lost a race with another at the same moment: PostgreSQL chose it as a deadlock's victim
 * (40P01), could not serialise it (40001) or found its row locked (55P03). Its transaction was rolled
 * back; sent again, it goes through.
 */
export const lostRace = (err: unknown): boolean => RACE_CODES.has(pgError(err)?.code ?? "");
const RACE_CODES = new Set(["40P01", "40001", "55P03"]);
