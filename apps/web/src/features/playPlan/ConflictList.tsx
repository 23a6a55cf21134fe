import { WarningOutlined } from "@ant-design/icons";
import type { Conflict, PlanItem } from "@marquee/schedule";
import { Empty, Typography, theme } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { dayText, tierName } from "./words";

/** "#2 Lobby loop": an item by its place in the plan and its program (two items may share a program). */
export function itemLabel(
  items: readonly PlanItem[],
  id: string,
  programName: (id: number) => string,
): string {
  const index = items.findIndex((i) => i.id === id);
  const item = items[index];
  if (!item) return id;
  return `#${index + 1} ${programName(item.programId)}`;
}

/** One overlap in words: "#1 A and #3 B overlap on Mon 2024-05-06 08:00–09:00 (same tier: Normal)". */
export function conflictText(
  t: TFunction,
  c: Conflict,
  items: readonly PlanItem[],
  programName: (id: number) => string,
): string {
  return t("playPlan.conflicts.line", {
    a: itemLabel(items, c.a, programName),
    b: itemLabel(items, c.b, programName),
    day: dayText(t, c.day),
    from: c.from,
    to: c.to,
    tier: tierName(t, c.tier),
  });
}

/**
 * The plan's same-tier overlaps, live: two items of one tier whose windows
 * meet take turns instead of one winning, which is rarely what was meant.
 * A line selects the first item it names.
 */
export function ConflictList({
  conflicts,
  error,
  items,
  programName,
  onSelect,
}: {
  conflicts: readonly Conflict[];
  error: string | null;
  items: readonly PlanItem[];
  programName: (id: number) => string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (error)
    return (
      <Typography.Text type="warning" data-testid="plan-conflicts-error">
        {t("playPlan.conflicts.unavailable", { message: error })}
      </Typography.Text>
    );
  if (conflicts.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("playPlan.conflicts.none")} />;
  return (
    <div data-testid="plan-conflicts">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t("playPlan.conflicts.help")}
      </Typography.Paragraph>
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {conflicts.map((c) => (
          <li key={`${c.a}-${c.b}-${c.day}-${c.from}`} style={{ marginBottom: 6 }}>
            <button
              type="button"
              onClick={() => onSelect(c.a)}
              data-testid="plan-conflict"
              style={{
                display: "flex",
                gap: 6,
                width: "100%",
                textAlign: "left",
                font: "inherit",
                fontSize: 13,
                cursor: "pointer",
                color: token.colorText,
                background: token.colorErrorBg,
                border: `1px solid ${token.colorErrorBorder}`,
                borderRadius: token.borderRadius,
                padding: "4px 8px",
              }}
            >
              <WarningOutlined style={{ color: token.colorError, marginTop: 3 }} aria-hidden />
              <span>{conflictText(t, c, items, programName)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
