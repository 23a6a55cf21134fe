import type { TargetState } from "@marquee/contracts";
import { Tag, Tooltip, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { countSegments, TARGET_STYLE } from "./delivery";

/** A publication's terminals per delivery state: a stacked bar, and the states as tags with their counts. */
export function DeliveryBar({
  counts,
  active,
  onPick,
}: {
  counts: Partial<Record<TargetState, number>>;
  /** The state the terminals table is filtered by. */
  active?: TargetState;
  /** Filters by a state (the same state again clears it); without it the tags are plain. */
  onPick?: (state: TargetState | undefined) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const segments = countSegments(counts);
  if (segments.length === 0)
    return <Typography.Text type="secondary">{t("publish.delivery.noTargets")}</Typography.Text>;
  return (
    <div data-testid="publish-delivery-bar">
      <div
        style={{
          display: "flex",
          height: 8,
          borderRadius: 4,
          overflow: "hidden",
          background: token.colorFillSecondary,
          marginBottom: 6,
        }}
      >
        {segments.map((s) => (
          <Tooltip key={s.state} title={`${t(`publish.delivery.states.${s.state}`)}: ${s.count}`}>
            <div style={{ width: `${s.percent}%`, background: s.color }} />
          </Tooltip>
        ))}
      </div>
      {segments.map((s) =>
        onPick ? (
          <Tag.CheckableTag
            key={s.state}
            checked={active === s.state}
            onChange={(on) => onPick(on ? s.state : undefined)}
            data-testid="publish-delivery-filter"
            data-state={s.state}
          >
            {t(`publish.delivery.states.${s.state}`)} {s.count}
          </Tag.CheckableTag>
        ) : (
          <Tag key={s.state} color={TARGET_STYLE[s.state].tag} data-state={s.state}>
            {t(`publish.delivery.states.${s.state}`)} {s.count}
          </Tag>
        ),
      )}
    </div>
  );
}
