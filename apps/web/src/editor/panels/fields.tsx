import { BoldOutlined, ItalicOutlined, UnderlineOutlined } from "@ant-design/icons";
import {
  Button,
  Collapse,
  ColorPicker,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Switch,
  Tooltip,
  Typography,
  theme,
} from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Bound } from "./bind";
import { normalizeColor, pickerColor } from "./color";
import { fontChoices, genericFontKey } from "./options";
import { useDraft } from "./useDraft";
import { numberBounds, type Problem } from "./validate";

/** The message of a refused value, in the operator's language. */
export function ProblemText({ problem }: { problem: Problem | null }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12, display: "block" }} role="alert">
      {t(problem.key, problem.params)}
    </Typography.Text>
  );
}

/** One labelled line of the panel: the label on the left, the control and its error on the right. */
export function Row({
  label,
  tip,
  problem,
  top,
  children,
}: {
  label: ReactNode;
  tip?: string;
  problem?: Problem | null;
  /** Align the label with the top of a tall control (text areas, lists). */
  top?: boolean;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const text = (
    <span
      style={{
        fontSize: 12,
        color: token.colorTextSecondary,
        lineHeight: 1.2,
        overflowWrap: "break-word",
        hyphens: "auto",
        display: "block",
      }}
    >
      {label}
    </span>
  );
  return (
    <div style={{ display: "flex", gap: 8, alignItems: top ? "flex-start" : "center", marginBottom: 6 }}>
      <div style={{ width: 96, flex: "none", paddingTop: top ? 4 : 0 }}>
        {tip ? <Tooltip title={tip}>{text}</Tooltip> : text}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        {children}
        <ProblemText problem={problem ?? null} />
      </div>
    </div>
  );
}

/** The panel's sections: collapsible, all open at first. */
export function Sections({
  items,
}: {
  items: Array<{ key: string; label: ReactNode; children: ReactNode }>;
}) {
  return (
    <Collapse
      size="small"
      ghost
      defaultActiveKey={items.map((i) => i.key)}
      items={items.map((i) => ({ key: i.key, label: <strong>{i.label}</strong>, children: i.children }))}
    />
  );
}

/** A text field; with `nullable`, an empty box stores null (an address not given). */
export function TextRow({
  label,
  b,
  multiline,
  nullable,
  placeholder,
  tip,
}: {
  label: ReactNode;
  b: Bound<string | null>;
  multiline?: boolean;
  nullable?: boolean;
  placeholder?: string;
  tip?: string;
}) {
  const d = useDraft(b);
  const onChange = (text: string) => d.change(nullable && text.trim() === "" ? null : text);
  const common = {
    size: "small" as const,
    value: d.draft ?? "",
    placeholder,
    status: d.problem ? ("error" as const) : undefined,
    "aria-label": typeof label === "string" ? label : undefined,
  };
  return (
    <Row label={label} problem={d.problem} top={multiline} tip={tip}>
      {multiline ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </Row>
  );
}

/** A number within its schema's bounds; `factor` shows it scaled (0–1 as 0–100 %). */
export function NumberRow({
  label,
  b,
  step,
  suffix,
  factor = 1,
  tip,
}: {
  label: ReactNode;
  b: Bound<number>;
  step?: number;
  suffix?: string;
  factor?: number;
  tip?: string;
}) {
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem} tip={tip}>
      <NumberBox b={b} draft={d} step={step} suffix={suffix} factor={factor} label={label} />
    </Row>
  );
}

/** The bare number input of a bound number (for rows with two numbers). */
export function NumberBox({
  b,
  draft,
  step,
  suffix,
  prefix,
  factor = 1,
  label,
}: {
  b: Bound<number>;
  draft: ReturnType<typeof useDraft<number>>;
  step?: number;
  suffix?: string;
  prefix?: string;
  factor?: number;
  label: ReactNode;
}) {
  const bounds = numberBounds(b.schema);
  return (
    <InputNumber
      size="small"
      style={{ width: "100%" }}
      value={Number.isFinite(draft.draft) ? Math.round(draft.draft * factor * 1000) / 1000 : null}
      min={bounds.min === undefined ? undefined : bounds.min * factor}
      max={bounds.max === undefined ? undefined : bounds.max * factor}
      precision={bounds.int && factor === 1 ? 0 : undefined}
      step={step}
      prefix={prefix}
      suffix={suffix}
      status={draft.problem ? "error" : undefined}
      aria-label={typeof label === "string" ? label : undefined}
      onChange={(n) =>
        n === null || !Number.isFinite(n)
          ? draft.refuse(Number.NaN, { key: "editorPanels.errors.required" })
          : draft.change(n / factor)
      }
    />
  );
}

/** Two numbers side by side (x/y, width/height), each its own step. */
export function PairRow({
  label,
  first,
  second,
  prefixes,
  suffix,
}: {
  label: ReactNode;
  first: Bound<number>;
  second: Bound<number>;
  prefixes: [string, string];
  suffix?: string;
}) {
  const a = useDraft(first);
  const c = useDraft(second);
  return (
    <Row label={label} problem={a.problem ?? c.problem}>
      <Space.Compact style={{ width: "100%" }}>
        <NumberBox b={first} draft={a} prefix={prefixes[0]} suffix={suffix} label={prefixes[0]} />
        <NumberBox b={second} draft={c} prefix={prefixes[1]} suffix={suffix} label={prefixes[1]} />
      </Space.Compact>
    </Row>
  );
}

/** A colour: #rrggbb, #rrggbbaa with alpha, or transparent (the clear button). */
export function ColorRow({ label, b }: { label: ReactNode; b: Bound<string> }) {
  const { t } = useTranslation();
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem}>
      <ColorPicker
        size="small"
        value={pickerColor(d.draft)}
        allowClear
        showText={() => (d.draft === "transparent" ? t("editorPanels.colors.transparent") : d.draft)}
        onChange={(c) => {
          const next = normalizeColor(c.toHexString());
          if (next) d.change(next);
        }}
        onClear={() => d.change("transparent")}
      />
    </Row>
  );
}

/** A choice among a few values. */
export function SelectRow<V extends string | number>({
  label,
  b,
  options,
  tip,
}: {
  label: ReactNode;
  b: Bound<V>;
  options: Array<{ value: V; label: ReactNode }>;
  tip?: string;
}) {
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem} tip={tip}>
      <Select
        size="small"
        style={{ width: "100%" }}
        value={d.draft}
        options={options}
        onChange={(v: V) => d.change(v)}
        aria-label={typeof label === "string" ? label : undefined}
      />
    </Row>
  );
}

/** A choice shown as buttons (two to four short options). */
export function SegmentedRow<V extends string>({
  label,
  b,
  options,
}: {
  label: ReactNode;
  b: Bound<V>;
  options: Array<{ value: V; label: ReactNode }>;
}) {
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem}>
      <Segmented size="small" block value={d.draft} options={options} onChange={(v) => d.change(v as V)} />
    </Row>
  );
}

/** On/off. */
export function SwitchRow({ label, b, tip }: { label: ReactNode; b: Bound<boolean>; tip?: string }) {
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem} tip={tip}>
      <Switch size="small" checked={d.draft} onChange={(on) => d.change(on)} />
    </Row>
  );
}

/** A font family: the common ones, generic families named in the operator's language. */
export function FontRow({ label, b }: { label: ReactNode; b: Bound<string> }) {
  const { t } = useTranslation();
  const d = useDraft(b);
  return (
    <Row label={label} problem={d.problem}>
      <Select
        size="small"
        showSearch
        style={{ width: "100%" }}
        value={d.draft}
        onChange={(v: string) => d.change(v)}
        options={fontChoices(d.draft).map((family) => {
          const key = genericFontKey(family);
          return {
            value: family,
            label: <span style={{ fontFamily: family }}>{key ? t(key) : family}</span>,
            search: key ? t(key) : family,
          };
        })}
        optionFilterProp="search"
      />
    </Row>
  );
}

/** Bold, italic and (where the type has it) underline as toggle buttons. */
export function StyleToggles({
  label,
  bold,
  italic,
  underline,
}: {
  label: ReactNode;
  bold: Bound<boolean>;
  italic: Bound<boolean>;
  underline?: Bound<boolean>;
}) {
  const { t } = useTranslation();
  const toggles = [
    { b: bold, icon: <BoldOutlined />, tip: t("editorPanels.fields.bold") },
    { b: italic, icon: <ItalicOutlined />, tip: t("editorPanels.fields.italic") },
    ...(underline
      ? [{ b: underline, icon: <UnderlineOutlined />, tip: t("editorPanels.fields.underline") }]
      : []),
  ];
  return (
    <Row label={label}>
      <Space size={4}>
        {toggles.map(({ b, icon, tip }) => (
          <Tooltip key={b.key} title={tip}>
            <Button
              size="small"
              type={b.value ? "primary" : "default"}
              icon={icon}
              aria-label={tip}
              aria-pressed={b.value}
              onClick={() => b.commit(!b.value)}
            />
          </Tooltip>
        ))}
      </Space>
    </Row>
  );
}
