import type { TerminalRunway } from "@marquee/contracts";
import { Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { dateTime } from "../../components/dateTime";

/**
 * A terminal's offline runway (issue 24, docs/runway.md) in the reader's
 * language and time zone: until when it plays correctly without the network,
 * and what ends it.
 */

/** The hours under which a runway is short (the list's filter, a red mark). */
export const SHORT_RUNWAY_HOURS = 24;

/** What ends the runway, in words ("plan Summer sale ends"). */
export function runwayReasonText(
  t: TFunction,
  reason: TerminalRunway["reason"],
  name: string | null,
): string {
  return t(`terminal.runway.reason.${reason}`, { name: name ?? "" });
}

/** The runway as one line: "until 2026-04-02 09:00:00 · plan Summer sale ends". */
export function runwayText(t: TFunction, r: TerminalRunway | undefined): string {
  if (!r) return t("terminal.runway.unknown");
  const until =
    r.until === null ? t("terminal.runway.beyond") : t("terminal.runway.until", { time: dateTime(r.until) });
  const words = r.reason === "beyond" ? until : `${until} · ${runwayReasonText(t, r.reason, r.name)}`;
  return r.behind ? `${words} · ${t("terminal.runway.behind")}` : words;
}

/** Whether a runway ends within SHORT_RUNWAY_HOURS of `now`. */
export const isShortRunway = (r: TerminalRunway | undefined, now: number): boolean =>
  r?.until != null && Date.parse(r.until) < now + SHORT_RUNWAY_HOURS * 3_600_000;

/** The runway of a list row or the details: red when short, with a tag when the screen holds an older manifest. */
export function RunwayCell({ runway, now }: { runway: TerminalRunway | undefined; now: number }) {
  const { t } = useTranslation();
  if (!runway) return <Typography.Text type="secondary">{t("terminal.runway.unknown")}</Typography.Text>;
  const until =
    runway.until === null
      ? t("terminal.runway.beyond")
      : t("terminal.runway.until", { time: dateTime(runway.until) });
  const why = runway.reason === "beyond" ? null : runwayReasonText(t, runway.reason, runway.name);
  return (
    <span data-testid="terminal-runway" title={runwayText(t, runway)}>
      <Typography.Text type={isShortRunway(runway, now) ? "danger" : undefined}>{until}</Typography.Text>
      {why && (
        <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }} ellipsis>
          {why}
        </Typography.Text>
      )}
      {runway.behind && (
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {t("terminal.runway.behind")}
        </Tag>
      )}
    </span>
  );
}
