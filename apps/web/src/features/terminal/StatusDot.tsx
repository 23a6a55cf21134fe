import type { TerminalViewStatus } from "@marquee/contracts";
import { Badge } from "antd";
import { useTranslation } from "react-i18next";
import { STATUS_COLORS } from "./status";

/** A terminal's status as a coloured dot and its word. */
export function StatusDot({ status }: { status: TerminalViewStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      text={t(`terminal.status.${status}`)}
      data-testid="terminal-status"
    />
  );
}
