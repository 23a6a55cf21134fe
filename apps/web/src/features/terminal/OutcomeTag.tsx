import type { CommandOutcome } from "@marquee/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { OutcomeState } from "./outcomes";

const COLORS: Record<OutcomeState, string> = {
  queued: "default",
  sent: "processing",
  done: "success",
  failed: "error",
  timeout: "warning",
  offline: "default",
};

/** A command's outcome on one terminal, as a coloured word. */
export function OutcomeTag({ outcome }: { outcome: Pick<CommandOutcome, "state"> }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[outcome.state]} data-testid="terminal-outcome-state">
      {t(`terminal.outcomes.${outcome.state}`)}
    </Tag>
  );
}

/** "3 done, 1 failed" in the user's language. */
export function useOutcomeSummary() {
  const { t } = useTranslation();
  return (parts: ReadonlyArray<{ state: OutcomeState; count: number }>) =>
    parts
      .map((p) => t(`terminal.outcomes.count.${p.state}`, { count: p.count }))
      .join(t("terminal.outcomes.separator"));
}
