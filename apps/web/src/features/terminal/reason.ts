import { decodeReason } from "@marquee/contracts";
import type { TFunction } from "i18next";

/**
 * A failure's reason as the operator reads it: a coded reason (a command's or
 * a screen's delivery, see REASON_CODES) in the console's language; a reason
 * stored as plain text before, or a screen's own words, as it is.
 */
export function reasonText(t: TFunction, stored: string | null | undefined): string | null {
  const reason = decodeReason(stored);
  if (reason === null || typeof reason === "string") return reason;
  return t(`terminal.reason.${reason.code}`, reason.values ?? {});
}
