import { z } from "zod";

/**
 * Why a command or a delivery failed, as a code with values: the console
 * translates it (terminal.reason.<code> in every language). It is kept in the
 * text columns that held the English sentence, as JSON text (encodeReason);
 * a reason stored before, or a screen's own words, stays plain text and is
 * shown as it is (decodeReason).
 */
export const REASON_CODES = [
  /** The terminal is waiting for authorisation. */
  "pending",
  "disabled",
  /** Not connected when the command was given. */
  "offline",
  /** The table said online but no server process held the connection. */
  "undelivered",
  /** The server stopped before the terminal answered. */
  "stopped",
  /** The server process that sent it stopped (the sweep ended it). */
  "orphaned",
  /** The terminal reported a failure without a reason. */
  "noReason",
  /** No answer within {seconds}. */
  "timeout",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export const Reason = z.object({
  code: z.enum(REASON_CODES),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Reason = z.infer<typeof Reason>;

/** A reason as stored and sent in a text field. */
export function encodeReason(code: ReasonCode, values?: Reason["values"]): string {
  return JSON.stringify(values ? { code, values } : { code });
}

/** A stored reason: its code and values, or the plain text it was written as (null stays null). */
export function decodeReason(text: string | null | undefined): Reason | string | null {
  if (text === null || text === undefined) return null;
  if (!text.startsWith('{"code":')) return text;
  try {
    const r = Reason.safeParse(JSON.parse(text));
    return r.success ? r.data : text;
  } catch {
    return text;
  }
}
