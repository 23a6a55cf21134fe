import { PlusOutlined, WarningOutlined } from "@ant-design/icons";
import type { PlanDoc } from "@marquee/schedule";
import { Button, Empty, Form, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { TIER_COLORS, withAlpha } from "./actions";
import type { PlanProgram } from "./api";
import { TierDot } from "./ItemPanel";
import { ProgramSelect } from "./ProgramSelect";
import { datesText, modeText, tierName, weekdaysText, windowText } from "./words";

/**
 * The plan as a whole: the program for empty time, and every item as a
 * button (the keyboard's way to an item, besides the blocks).
 */
export function PlanPanel({
  doc,
  known,
  programName,
  conflicted,
  selectedId,
  readOnly = false,
  onDefault,
  onProgram,
  onSelect,
  onAdd,
}: {
  doc: PlanDoc;
  known: ReadonlyMap<number, PlanProgram>;
  programName: (id: number) => string;
  conflicted: ReadonlySet<string>;
  selectedId: string | null;
  readOnly?: boolean;
  onDefault?: (programId: number | null) => void;
  onProgram?: (program: PlanProgram) => void;
  onSelect: (id: string) => void;
  onAdd?: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div data-testid="plan-panel">
      <Form layout="vertical" size="small" component="div">
        <Form.Item
          label={t("playPlan.panel.default")}
          extra={t("playPlan.panel.defaultHelp")}
          htmlFor="plan-default"
        >
          {readOnly ? (
            <Typography.Text>
              {doc.defaultProgramId !== null
                ? programName(doc.defaultProgramId)
                : t("playPlan.panel.noDefault")}
            </Typography.Text>
          ) : (
            <ProgramSelect
              id="plan-default"
              value={doc.defaultProgramId}
              known={known}
              allowClear
              placeholder={t("playPlan.panel.noDefault")}
              onChange={(p) => {
                if (p) onProgram?.(p);
                onDefault?.(p?.id ?? null);
              }}
              testId="plan-default-program"
            />
          )}
        </Form.Item>
      </Form>
      <div
        style={{ display: "flex", justifyContent: "space-between", alignItems: "center", marginBottom: 6 }}
      >
        <Typography.Text strong>{t("playPlan.panel.items", { count: doc.items.length })}</Typography.Text>
        {!readOnly && (
          <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid="plan-add-item">
            {t("playPlan.panel.addItem")}
          </Button>
        )}
      </div>
      {doc.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={readOnly ? t("playPlan.panel.noItemsRead") : t("playPlan.panel.noItems")}
        />
      ) : (
        <ol style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="plan-items">
          {doc.items.map((item, i) => {
            const selected = item.id === selectedId;
            return (
              <li key={item.id} style={{ marginBottom: 6 }}>
                <button
                  type="button"
                  onClick={() => onSelect(item.id)}
                  aria-pressed={selected}
                  data-testid="plan-item-row"
                  style={{
                    width: "100%",
                    textAlign: "left",
                    font: "inherit",
                    fontSize: 12,
                    cursor: "pointer",
                    color: token.colorText,
                    background: selected ? token.colorPrimaryBg : withAlpha(TIER_COLORS[item.tier], 0.08),
                    border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
                    borderLeft: `4px solid ${TIER_COLORS[item.tier]}`,
                    borderRadius: token.borderRadius,
                    padding: "4px 8px",
                  }}
                >
                  <div style={{ fontWeight: 600, fontSize: 13 }}>
                    #{i + 1} {programName(item.programId)}
                    {conflicted.has(item.id) && (
                      <WarningOutlined
                        style={{ color: token.colorError, marginLeft: 6 }}
                        aria-label={t("playPlan.timeline.inConflict")}
                      />
                    )}
                  </div>
                  <div>
                    <TierDot tier={item.tier} />
                    {tierName(t, item.tier)} · {modeText(t, item.mode)}
                  </div>
                  <div>
                    {weekdaysText(t, item.weekdays)} · {item.windows.map((w) => windowText(t, w)).join(", ")}
                  </div>
                  <div style={{ color: token.colorTextSecondary }}>{datesText(t, item)}</div>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
