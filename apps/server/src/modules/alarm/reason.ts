import { decodeReason, type MessageKey } from "@marquee/contracts";

/** A message of the server catalogue with its values, as `t` and `noticeMsg` take it. */
export interface ReasonMessage {
  t: MessageKey;
  v?: Record<string, string | number>;
}

/**
 * A stored reason or event message as a catalogue message to write in the
 * reader's language (terminal.reason.<code> with its values), or the words it
 * was stored as (an older player's, or a code this server does not know).
 */
export function reasonNotice(stored: string): ReasonMessage | string {
  const reason = decodeReason(stored);
  if (reason === null || typeof reason === "string") return stored;
  const t: MessageKey = `terminal.reason.${reason.code}`;
  return reason.values ? { t, v: reason.values } : { t };
}

/** A stored reason in the reader's language (`t`), or its words when it is plain text. */
export function reasonMessage(
  t: (key: MessageKey, values?: Record<string, string | number>) => string,
  stored: string,
): string {
  const m = reasonNotice(stored);
  return typeof m === "string" ? m : t(m.t, m.v);
}
