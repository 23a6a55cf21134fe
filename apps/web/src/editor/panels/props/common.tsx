import { useTranslation } from "react-i18next";
import type { Bound } from "../bind";
import { ColorRow, FontRow, NumberRow } from "../fields";

/** Font family, size and the two colours most text-like widgets share. */
export function FontBlock({
  family,
  size,
  color,
  background,
}: {
  family: Bound<string>;
  size: Bound<number>;
  color: Bound<string>;
  background?: Bound<string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FontRow label={t("editorPanels.fields.fontFamily")} b={family} />
      <NumberRow label={t("editorPanels.fields.fontSize")} b={size} suffix={t("editorPanels.units.px")} />
      <ColorRow label={t("editorPanels.fields.color")} b={color} />
      {background && <ColorRow label={t("editorPanels.fields.background")} b={background} />}
    </>
  );
}

/** Options of an enum whose labels are editorPanels.<group>.<value>. */
export function useEnumOptions() {
  const { t } = useTranslation();
  return <V extends string>(group: string, values: readonly V[]) =>
    values.map((value) => ({ value, label: t(`editorPanels.${group}.${value}`) }));
}
