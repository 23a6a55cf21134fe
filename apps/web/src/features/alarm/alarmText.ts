import { type AlarmKind, type AlarmRow, RUNWAY_REASONS } from "@marquee/contracts";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { reasonText } from "../terminal/reason";
import { runwayReasonText } from "../terminal/runway";

/** Tag colours of the kinds: the ones that stop a screen in red, the others in orange. */
export const KIND_COLOR: Record<AlarmKind, string> = {
  offline: "red",
  fault: "red",
  playbackError: "volcano",
  downloadFailed: "orange",
  storageLow: "gold",
  // Offline runway (issue 24)
  runwayLow: "gold",
};

export const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "-");

/**
 * An alarm's message in the reader's language: the rules' findings are worded
 * from their detail, an event's coded message from its code (terminal.reason),
 * and an event's own words as the terminal said them.
 */
export function alarmMessage(a: Pick<AlarmRow, "kind" | "message" | "detail">, t: TFunction): string {
  const d = a.detail ?? {};
  if (a.kind === "offline" && typeof d.minutes === "number") {
    return typeof d.since === "string"
      ? t("alarm.finding.offline", { since: when(d.since), minutes: d.minutes })
      : t("alarm.finding.offlineNever", { minutes: d.minutes });
  }
  if (a.kind === "storageLow" && typeof d.percent === "number" && typeof d.threshold === "number")
    return t("alarm.finding.storageLow", { percent: d.percent, threshold: d.threshold });
  // Offline runway (issue 24)
  if (a.kind === "runwayLow" && typeof d.until === "string" && typeof d.hours === "number") {
    const reason = RUNWAY_REASONS.find((r) => r === d.reason);
    return t("alarm.finding.runwayLow", {
      until: when(d.until),
      reason: reason ? runwayReasonText(t, reason, typeof d.name === "string" ? d.name : null) : "",
      hours: d.hours,
    });
  }
  return reasonText(t, a.message) ?? "";
}

/** The browser's time zone: exports write times in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
