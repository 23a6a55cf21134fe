import { CANVAS_PRESETS, type CanvasPresetKey, LIMITS } from "@marquee/program";
import { InputNumber, Space, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { canvasLabel, fitBox, isCanvasSide, isCanvasSize } from "./canvas";

const SHAPE = 72;

/** The chosen canvas: a preset, or "custom" with the sizes typed in (null while empty). */
export interface CanvasValue {
  choice: CanvasPresetKey;
  width: number | null;
  height: number | null;
}

/** A card drawing a canvas as a proportional rectangle, with its name and size. */
function ShapeCard({
  selected,
  width,
  height,
  title,
  subtitle,
  dashed,
  onClick,
  testId,
}: {
  selected: boolean;
  width: number;
  height: number;
  title: string;
  subtitle: string;
  dashed?: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { token } = theme.useToken();
  const box = fitBox(width, height, SHAPE, SHAPE);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      data-testid={testId}
      style={{
        width: 132,
        padding: 12,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 8,
        cursor: "pointer",
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        border: `${selected ? 2 : 1}px solid ${selected ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        font: "inherit",
      }}
    >
      <span style={{ height: SHAPE, display: "flex", alignItems: "center", justifyContent: "center" }}>
        <span
          style={{
            ...box,
            display: "block",
            borderRadius: 3,
            border: `2px ${dashed ? "dashed" : "solid"} ${selected ? token.colorPrimary : token.colorTextTertiary}`,
            background: selected ? token.colorPrimaryBgHover : token.colorFillTertiary,
          }}
        />
      </span>
      <span style={{ fontWeight: 500, lineHeight: 1.3, textAlign: "center" }}>{title}</span>
      <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>{subtitle}</span>
    </button>
  );
}

/** The canvas size of a new program: preset cards, or a custom width and height within LIMITS. */
export function CanvasPicker({
  value,
  onChange,
}: {
  value: CanvasValue;
  onChange: (v: CanvasValue) => void;
}) {
  const { t } = useTranslation();
  // The custom card draws the typed size once it is a valid canvas, a neutral 4:3 before.
  const typed = value.choice === "custom" && value.width !== null && value.height !== null;
  const custom =
    typed && isCanvasSize(value.width, value.height)
      ? { width: value.width ?? 4, height: value.height ?? 3 }
      : { width: 4, height: 3 };
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 12 }} role="radiogroup">
        {CANVAS_PRESETS.map((p) => (
          <ShapeCard
            key={p.key}
            selected={value.choice === p.key}
            width={p.width}
            height={p.height}
            title={t(`program.presets.${p.key}`)}
            subtitle={canvasLabel(p.width, p.height)}
            onClick={() => onChange({ choice: p.key, width: p.width, height: p.height })}
            testId={`canvas-${p.key}`}
          />
        ))}
        <ShapeCard
          selected={value.choice === "custom"}
          width={custom.width}
          height={custom.height}
          dashed
          title={t("program.presets.custom")}
          subtitle={typed ? canvasLabel(value.width ?? 0, value.height ?? 0) : "…"}
          onClick={() => onChange({ ...value, choice: "custom" })}
          testId="canvas-custom"
        />
      </div>
      {value.choice === "custom" && (
        <Space wrap align="center">
          <InputNumber<number>
            precision={0}
            status={isCanvasSide(value.width) ? undefined : "error"}
            value={value.width}
            onChange={(width) => onChange({ ...value, width })}
            prefix={t("program.make.width")}
            suffix="px"
            style={{ width: 170 }}
            data-testid="canvas-width"
          />
          <span>×</span>
          <InputNumber<number>
            precision={0}
            status={isCanvasSide(value.height) ? undefined : "error"}
            value={value.height}
            onChange={(height) => onChange({ ...value, height })}
            prefix={t("program.make.height")}
            suffix="px"
            style={{ width: 170 }}
            data-testid="canvas-height"
          />
          <Typography.Text type="secondary">
            {t("program.make.customHint", { min: LIMITS.canvasMin, max: LIMITS.canvasMax })}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}
