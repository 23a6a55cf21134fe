import { decodeReason } from "@marquee/contracts";
import type { TFunction } from "i18next";

/**
 * A failure's reason as the operator reads it: a coded reason (the server's,
 * or one a screen made in a command's ack, a delivery report or an event,
 * kept in an alarm's message too; see REASON_CODES) in the console's language,
 * from the texts the server writes too (terminal.reason, imported from the
 * server catalogue); a reason stored as plain text before, from an older
 * screen, or a screen's own words, as it is.
 */
export function reasonText(t: TFunction, stored: string | null | undefined): string | null {
  const reason = decodeReason(stored);
  if (reason === null || typeof reason === "string") return reason;
  return t(`terminal.reason.${reason.code}`, reason.values ?? {});
}
