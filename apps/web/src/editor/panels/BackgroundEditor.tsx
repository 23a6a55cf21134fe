import { type Background, FIT_MODES, zColor, zFit } from "@marquee/program";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import type { Bound } from "./bind";
import { ColorRow, Row, SelectRow } from "./fields";
import { MaterialField } from "./MaterialField";

type Fit = (typeof FIT_MODES)[number];

/** The fit modes with their names, for every select of a fit. */
export function useFitOptions() {
  const { t } = useTranslation();
  return FIT_MODES.map((f) => ({ value: f, label: t(`editorPanels.fit.${f}`) }));
}

/**
 * A background (of a scene or of the whole program): a colour, or an image or
 * a video with a colour under it. `id` makes the merge keys of its fields.
 */
export function BackgroundEditor({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Background;
  onChange: (next: Background, mergeKey?: string) => void;
}) {
  const { t } = useTranslation();
  const fits = useFitOptions();
  const setKind = (kind: Background["kind"]) => {
    if (kind === value.kind) return;
    const color = value.color;
    onChange(kind === "color" ? { kind, color } : { kind, color, materialId: null, fit: "cover" });
  };
  const color: Bound<string> = {
    key: `${id}:color`,
    value: value.color,
    schema: zColor,
    commit: (c) => onChange({ ...value, color: c }, `${id}:color`),
  };
  return (
    <>
      <Row label={t("editorPanels.background.kind")}>
        <Select
          size="small"
          style={{ width: "100%" }}
          value={value.kind}
          onChange={(k: Background["kind"]) => setKind(k)}
          aria-label={t("editorPanels.background.kind")}
          options={(["color", "image", "video"] as const).map((k) => ({
            value: k,
            label: t(`editorPanels.background.kinds.${k}`),
          }))}
        />
      </Row>
      {value.kind !== "color" && (
        <>
          <Row label={t(`editorPanels.background.kinds.${value.kind}`)}>
            <MaterialField
              kind={value.kind}
              value={value.materialId}
              onChange={(m) => onChange({ ...value, materialId: m?.id ?? null })}
            />
          </Row>
          <SelectRow
            label={t("editorPanels.fields.fit")}
            options={fits}
            b={{
              key: `${id}:fit`,
              value: value.fit,
              schema: zFit,
              commit: (fit: Fit) => onChange({ ...value, fit }),
            }}
          />
        </>
      )}
      <ColorRow
        label={
          value.kind === "color" ? t("editorPanels.background.color") : t("editorPanels.background.under")
        }
        b={color}
      />
    </>
  );
}
