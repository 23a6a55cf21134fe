import { CopyOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { modeOf, type PlanItem, type PlayMode, sortWeekdays, TIERS, type Tier } from "@marquee/schedule";
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Space,
  Tooltip,
  Typography,
  theme,
} from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { TIER_COLORS } from "./actions";
import type { PlanProgram } from "./api";
import { ProgramSelect } from "./ProgramSelect";
import { TimeInput } from "./TimeInput";
import { DAY_MIN, spanToWindow, windowSpan } from "./timeline";
import { weekdayLong, weekdayShort, windowText } from "./words";

const PRESETS: Array<{ key: "every" | "workdays" | "weekend"; days: number[] }> = [
  { key: "every", days: [1, 2, 3, 4, 5, 6, 7] },
  { key: "workdays", days: [1, 2, 3, 4, 5] },
  { key: "weekend", days: [6, 7] },
];

/** A tier's colour as a small square before its name. */
export function TierDot({ tier }: { tier: Tier }) {
  return (
    <span
      aria-hidden
      style={{
        display: "inline-block",
        width: 10,
        height: 10,
        borderRadius: 2,
        marginRight: 6,
        background: TIER_COLORS[tier],
        verticalAlign: "baseline",
      }}
    />
  );
}

/**
 * Edits one item of the plan with the keyboard or the mouse: its program,
 * tier, dates, weekdays, daily windows and play mode. Every change is one step
 * of undo.
 */
export function ItemPanel({
  item,
  known,
  conflicts,
  onChange,
  onProgram,
  onRemove,
  onDuplicate,
  snapStep,
  next = null,
}: {
  item: PlanItem;
  known: ReadonlyMap<number, PlanProgram>;
  /** Lines about this item's overlaps. */
  conflicts: string[];
  onChange: (item: PlanItem) => void;
  onProgram: (program: PlanProgram) => void;
  onRemove: () => void;
  onDuplicate: () => void;
  snapStep: number;
  /** When the item plays next, in words (nextPlay.ts); null: not known. */
  next?: string | null;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = (name: string) => `plan-item-${name}`;
  const set = (patch: Partial<PlanItem>) => onChange({ ...item, ...patch });
  const setWindow = (index: number, edge: "start" | "end", value: string) => {
    const windows = item.windows.map((w, i) => (i === index ? { ...w, [edge]: value } : w));
    set({ windows });
  };
  const addWindow = () => {
    const last = item.windows[item.windows.length - 1];
    // After the last window, as long as it, within the day when there is room.
    const span = last ? windowSpan(last) : { start: 8 * 60, length: 60 };
    const start = Math.min(span.start + span.length, DAY_MIN - 60) % DAY_MIN;
    set({ windows: [...item.windows, spanToWindow(start, Math.min(span.length, 60))] });
  };
  const mode = item.mode;
  const setMode = (m: PlayMode) => set({ mode: m });

  return (
    <div data-testid="plan-item-panel">
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }}>
        <Typography.Text strong>{t("playPlan.item.title")}</Typography.Text>
        <Space size={4}>
          <Tooltip title={t("playPlan.item.duplicate")}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={onDuplicate}
              aria-label={t("playPlan.item.duplicate")}
              data-testid="plan-item-duplicate"
            />
          </Tooltip>
          <Tooltip title={t("playPlan.item.remove")}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={onRemove}
              aria-label={t("playPlan.item.remove")}
              data-testid="plan-item-remove"
            />
          </Tooltip>
        </Space>
      </Space>
      {next && (
        <Typography.Paragraph
          type="secondary"
          style={{ fontSize: 12, marginBottom: 8 }}
          data-testid="plan-item-next"
        >
          {next}
        </Typography.Paragraph>
      )}
      {conflicts.length > 0 && (
        <div
          role="alert"
          style={{
            border: `1px solid ${token.colorErrorBorder}`,
            background: token.colorErrorBg,
            borderRadius: token.borderRadius,
            padding: "4px 8px",
            marginBottom: 8,
            fontSize: 12,
          }}
        >
          {conflicts.map((c) => (
            <div key={c}>{c}</div>
          ))}
        </div>
      )}
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t("playPlan.item.program")} htmlFor={id("program")}>
          <ProgramSelect
            id={id("program")}
            value={item.programId}
            known={known}
            onChange={(p) => {
              if (!p) return;
              onProgram(p);
              set({ programId: p.id });
            }}
            testId="plan-item-program"
          />
        </Form.Item>
        <Form.Item label={t("playPlan.item.tier")} extra={t("playPlan.item.tierHelp")}>
          <Radio.Group
            value={item.tier}
            onChange={(e) => set({ tier: e.target.value as Tier })}
            optionType="button"
            size="small"
            aria-label={t("playPlan.item.tier")}
            data-testid="plan-item-tier"
            options={TIERS.map((tier) => ({
              value: tier,
              label: (
                <span>
                  <TierDot tier={tier} />
                  {t(`playPlan.tiers.${tier}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Space size={8} wrap>
          <Form.Item label={t("playPlan.item.startDate")} htmlFor={id("start")}>
            <DatePicker
              id={id("start")}
              value={dayjs(item.startDate)}
              allowClear={false}
              format="YYYY-MM-DD"
              onChange={(d) => {
                if (!d) return;
                const startDate = d.format("YYYY-MM-DD");
                set({
                  startDate,
                  endDate: item.endDate && item.endDate < startDate ? startDate : item.endDate,
                });
              }}
              data-testid="plan-item-start"
            />
          </Form.Item>
          <Form.Item label={t("playPlan.item.endDate")} htmlFor={id("end")}>
            <DatePicker
              id={id("end")}
              value={item.endDate ? dayjs(item.endDate) : null}
              placeholder={t("playPlan.item.noEnd")}
              format="YYYY-MM-DD"
              disabledDate={(d) => d.format("YYYY-MM-DD") < item.startDate}
              onChange={(d) => set({ endDate: d ? d.format("YYYY-MM-DD") : null })}
              data-testid="plan-item-end"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t("playPlan.item.weekdays")}>
          <Checkbox.Group
            value={item.weekdays}
            onChange={(v) => {
              const days = sortWeekdays(v as number[]);
              if (days.length > 0) set({ weekdays: days });
            }}
            aria-label={t("playPlan.item.weekdays")}
            data-testid="plan-item-weekdays"
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({
              value: d,
              label: <span title={weekdayLong(t, d)}>{weekdayShort(t, d)}</span>,
            }))}
          />
          <Space size={4} style={{ marginTop: 4 }}>
            {PRESETS.map((p) => (
              <Button key={p.key} size="small" type="link" onClick={() => set({ weekdays: p.days })}>
                {t(`playPlan.weekdays.${p.key}`)}
              </Button>
            ))}
          </Space>
          {item.weekdays.length === 1 && (
            <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              {t("playPlan.item.lastWeekday")}
            </Typography.Text>
          )}
        </Form.Item>
        <Form.Item label={t("playPlan.item.windows")} extra={t("playPlan.item.windowsHelp")}>
          <Space orientation="vertical" size={4} style={{ width: "100%" }} data-testid="plan-item-windows">
            {item.windows.map((w, i) => (
              // Windows have no id of their own: their place in the list is what the model knows them by.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Space key={i} size={4} align="center" wrap>
                <TimeInput
                  value={w.start}
                  onChange={(v) => setWindow(i, "start", v)}
                  step={snapStep}
                  ariaLabel={t("playPlan.item.windowStart", { n: i + 1 })}
                  testId="plan-window-start"
                />
                <span aria-hidden>–</span>
                <TimeInput
                  value={w.end}
                  onChange={(v) => setWindow(i, "end", v)}
                  allow24
                  step={snapStep}
                  ariaLabel={t("playPlan.item.windowEnd", { n: i + 1 })}
                  testId="plan-window-end"
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {windowText(t, w) === `${w.start}–${w.end}` ? "" : windowText(t, w)}
                </Typography.Text>
                <Tooltip title={t("playPlan.item.removeWindow")}>
                  <Button
                    type="text"
                    size="small"
                    icon={<MinusCircleOutlined />}
                    disabled={item.windows.length <= 1}
                    onClick={() => set({ windows: item.windows.filter((_, j) => j !== i) })}
                    aria-label={t("playPlan.item.removeWindowN", { n: i + 1 })}
                  />
                </Tooltip>
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={addWindow}
              disabled={item.windows.length >= 24}
              data-testid="plan-window-add"
            >
              {t("playPlan.item.addWindow")}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label={t("playPlan.item.mode")}>
          <Radio.Group
            value={mode.kind}
            onChange={(e) => setMode(modeOf(e.target.value as PlayMode["kind"], mode))}
            aria-label={t("playPlan.item.mode")}
            data-testid="plan-item-mode"
          >
            <Space orientation="vertical" size={4}>
              <Radio value="loop">{t("playPlan.mode.loop")}</Radio>
              <Radio value="times">{t("playPlan.mode.times")}</Radio>
              <Radio value="interval">{t("playPlan.mode.interval")}</Radio>
            </Space>
          </Radio.Group>
          {mode.kind === "times" && (
            <InputNumber
              size="small"
              min={1}
              max={1000}
              precision={0}
              value={mode.count}
              onChange={(v) => typeof v === "number" && setMode({ kind: "times", count: v })}
              aria-label={t("playPlan.mode.count")}
              suffix={t("playPlan.mode.timesUnit")}
              style={{ width: 140, marginTop: 6, display: "block" }}
              data-testid="plan-mode-count"
            />
          )}
          {mode.kind === "interval" && (
            <InputNumber
              size="small"
              min={1}
              max={1440}
              precision={0}
              value={mode.everyMin}
              onChange={(v) => typeof v === "number" && setMode({ kind: "interval", everyMin: v })}
              aria-label={t("playPlan.mode.everyMin")}
              prefix={t("playPlan.mode.every")}
              suffix={t("playPlan.mode.minutes")}
              style={{ width: 180, marginTop: 6, display: "block" }}
              data-testid="plan-mode-every"
            />
          )}
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 12, marginTop: 4 }}>
            {t(`playPlan.mode.${mode.kind}Help`)}
          </Typography.Text>
        </Form.Item>
      </Form>
    </div>
  );
}
