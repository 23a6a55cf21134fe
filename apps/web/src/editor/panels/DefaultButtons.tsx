import { DEFAULT_BUTTON_KINDS, DefaultButton, type DefaultButtonKind } from "@marquee/program";
import { Segmented, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../store";
import { type Bound, buttonDataBinder, STEP } from "./bind";
import { ColorRow, NumberRow, PairRow, SwitchRow, TextRow } from "./fields";

/**
 * The default buttons of §3 (exit over popup scenes, before/after over main
 * scenes): whether each is shown, its label, look and frame.
 */
export function DefaultButtons() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DefaultButtonKind>("exit");
  const button = useEditor((s) => s.doc.defaultButtons[kind]);
  const bind = buttonDataBinder(kind, button);
  const enabled: Bound<boolean> = {
    key: `defaultButton:${kind}:enabled`,
    value: button.enabled,
    schema: DefaultButton.shape.enabled,
    commit: (on) => {
      const { doc, dispatch } = useEditor.getState();
      dispatch(
        { t: "defaultButton.set", kind, button: { ...doc.defaultButtons[kind], enabled: on } },
        STEP.defaultButton,
      );
    },
  };
  const px = t("editorPanels.units.px");
  return (
    <div data-testid="default-buttons">
      <Segmented
        size="small"
        block
        value={kind}
        onChange={(k) => setKind(k as DefaultButtonKind)}
        options={DEFAULT_BUTTON_KINDS.map((k) => ({
          value: k,
          label: t(`editorPanels.defaultButtons.${k}`),
        }))}
        style={{ marginBottom: 6 }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 6 }}>
        {t(`editorPanels.defaultButtons.${kind}Hint`)}
      </Typography.Paragraph>
      <SwitchRow label={t("editorPanels.defaultButtons.enabled")} b={enabled} />
      {button.enabled && (
        <>
          <TextRow label={t("editorPanels.fields.label")} b={bind("label")} />
          <NumberRow label={t("editorPanels.fields.fontSize")} b={bind("fontSize")} suffix={px} />
          <ColorRow label={t("editorPanels.fields.color")} b={bind("color")} />
          <ColorRow label={t("editorPanels.fields.background")} b={bind("background")} />
          <NumberRow label={t("editorPanels.fields.radius")} b={bind("borderRadius")} suffix={px} />
          <PairRow
            label={t("editorPanels.fields.position")}
            first={bind("x")}
            second={bind("y")}
            prefixes={["X", "Y"]}
          />
          <PairRow
            label={t("editorPanels.fields.size")}
            first={bind("w")}
            second={bind("h")}
            prefixes={[t("editorPanels.canvas.widthShort"), t("editorPanels.canvas.heightShort")]}
          />
        </>
      )}
    </div>
  );
}
