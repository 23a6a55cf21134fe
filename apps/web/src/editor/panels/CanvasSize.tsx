import { CANVAS_PRESETS, type CanvasPresetKey, LIMITS, presetOf, resizeCanvas } from "@marquee/program";
import { Button, Checkbox, InputNumber, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../store";
import { STEP } from "./bind";
import { Row } from "./fields";

const inRange = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= LIMITS.canvasMin && n <= LIMITS.canvasMax;

/**
 * The program's canvas size: a preset or a custom size, applied with a button
 * (one step), optionally scaling every widget to keep its place.
 */
export function CanvasSize() {
  const { t } = useTranslation();
  const width = useEditor((s) => s.doc.width);
  const height = useEditor((s) => s.doc.height);
  const [stored, setStored] = useState({ width, height });
  const [draft, setDraft] = useState<{ width: number | null; height: number | null }>({ width, height });
  const [scale, setScale] = useState(true);
  if (stored.width !== width || stored.height !== height) {
    setStored({ width, height });
    setDraft({ width, height });
  }
  const preset: CanvasPresetKey =
    inRange(draft.width) && inRange(draft.height) ? presetOf(draft.width, draft.height) : "custom";
  const valid = inRange(draft.width) && inRange(draft.height);
  const changed = draft.width !== width || draft.height !== height;

  const apply = () => {
    if (!inRange(draft.width) || !inRange(draft.height)) return;
    const { doc, dispatch } = useEditor.getState();
    dispatch(resizeCanvas(doc, { width: draft.width, height: draft.height }, scale), STEP.canvas);
  };

  return (
    <div data-testid="canvas-size">
      <Row label={t("editorPanels.canvas.preset")}>
        <Select
          size="small"
          style={{ width: "100%" }}
          value={preset}
          onChange={(key: CanvasPresetKey) => {
            const p = CANVAS_PRESETS.find((x) => x.key === key);
            if (p) setDraft({ width: p.width, height: p.height });
          }}
          options={[
            ...CANVAS_PRESETS.map((p) => ({
              value: p.key,
              label: `${p.width} × ${p.height} · ${t(`editorPanels.canvas.presets.${p.key}`)}`,
            })),
            { value: "custom", label: t("editorPanels.canvas.presets.custom"), disabled: true },
          ]}
        />
      </Row>
      <Row
        label={t("editorPanels.canvas.size")}
        problem={
          valid
            ? null
            : { key: "editorPanels.errors.range", params: { min: LIMITS.canvasMin, max: LIMITS.canvasMax } }
        }
      >
        <Space.Compact style={{ width: "100%" }}>
          {(["width", "height"] as const).map((side) => (
            <InputNumber
              key={side}
              size="small"
              style={{ width: "100%" }}
              prefix={t(`editorPanels.canvas.${side}Short`)}
              aria-label={t(`editorPanels.fields.${side === "width" ? "w" : "h"}`)}
              min={LIMITS.canvasMin}
              max={LIMITS.canvasMax}
              precision={0}
              value={draft[side]}
              status={inRange(draft[side]) ? undefined : "error"}
              onChange={(n) => setDraft((d) => ({ ...d, [side]: n }))}
            />
          ))}
        </Space.Compact>
      </Row>
      <Row label="">
        <Checkbox checked={scale} onChange={(e) => setScale(e.target.checked)}>
          <span style={{ fontSize: 12 }}>{t("editorPanels.canvas.scale")}</span>
        </Checkbox>
      </Row>
      <Row label="">
        <Space size={4} wrap>
          <Button
            size="small"
            type="primary"
            disabled={!valid || !changed}
            onClick={apply}
            data-testid="canvas-apply"
          >
            {t("editorPanels.canvas.apply")}
          </Button>
          <Button size="small" disabled={!changed} onClick={() => setDraft({ width, height })}>
            {t("editorPanels.canvas.reset")}
          </Button>
        </Space>
      </Row>
    </div>
  );
}
