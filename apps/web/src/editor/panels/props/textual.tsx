import { BUTTON_ACTIONS, type ButtonAction, type WidgetOf } from "@marquee/program";
import { Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useEditor } from "../../store";
import { commitProps, propBinder } from "../bind";
import { ColorRow, NumberRow, Row, Sections, SelectRow, StyleToggles, TextRow } from "../fields";
import { targetFor, targetKind, targetScenes } from "../scenes";
import { FontBlock, useEnumOptions } from "./common";

/** Scrolling text: the text, its direction and speed, and its font. */
export function MarqueeProps({ widget }: { widget: WidgetOf<"marquee"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "content",
          label: t("editorPanels.sections.content"),
          children: (
            <>
              <TextRow label={t("editorPanels.text.content")} b={bind("text")} multiline />
              <SelectRow
                label={t("editorPanels.marquee.direction")}
                b={bind("direction")}
                options={options("directions", ["left", "right", "up", "down"] as const)}
              />
              <NumberRow
                label={t("editorPanels.marquee.speed")}
                b={bind("speed")}
                step={10}
                suffix={t("editorPanels.units.pxPerSecond")}
              />
            </>
          ),
        },
        {
          key: "font",
          label: t("editorPanels.sections.font"),
          children: (
            <>
              <FontBlock
                family={bind("fontFamily")}
                size={bind("fontSize")}
                color={bind("color")}
                background={bind("background")}
              />
              <StyleToggles
                label={t("editorPanels.fields.style")}
                bold={bind("bold")}
                italic={bind("italic")}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** A QR code: its text (an address, usually), colours and error correction. */
export function QrcodeProps({ widget }: { widget: WidgetOf<"qrcode"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  return (
    <Sections
      items={[
        {
          key: "content",
          label: t("editorPanels.sections.content"),
          children: (
            <>
              <TextRow
                label={t("editorPanels.qrcode.text")}
                b={bind("text")}
                multiline
                placeholder="https://"
              />
              <SelectRow
                label={t("editorPanels.qrcode.errorLevel")}
                tip={t("editorPanels.qrcode.errorLevelTip")}
                b={bind("errorLevel")}
                options={options("qrcode.levels", ["L", "M", "Q", "H"] as const)}
              />
              <ColorRow label={t("editorPanels.qrcode.foreground")} b={bind("foreground")} />
              <ColorRow label={t("editorPanels.fields.background")} b={bind("background")} />
            </>
          ),
        },
      ]}
    />
  );
}

/** An interactive button: what it does (and which scene it opens), its label and look. */
export function ButtonProps({ widget }: { widget: WidgetOf<"button"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const options = useEnumOptions();
  const scenes = useEditor((s) => s.doc.scenes);
  const { action, targetSceneId } = widget.props;
  const kind = targetKind(action);
  const allowed = targetScenes(scenes, action);
  const setAction = (next: ButtonAction) =>
    commitProps(widget.id, { action: next, targetSceneId: targetFor(scenes, next, targetSceneId) });
  const px = t("editorPanels.units.px");
  return (
    <Sections
      items={[
        {
          key: "action",
          label: t("editorPanels.sections.action"),
          children: (
            <>
              <Row label={t("editorPanels.button.action")}>
                <Select
                  size="small"
                  style={{ width: "100%" }}
                  value={action}
                  onChange={setAction}
                  options={options("button.actions", BUTTON_ACTIONS)}
                  aria-label={t("editorPanels.button.action")}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`editorPanels.button.hints.${action}`)}
                </Typography.Text>
              </Row>
              {kind && (
                <Row
                  label={t("editorPanels.button.target")}
                  problem={
                    allowed.length === 0
                      ? {
                          key:
                            kind === "main"
                              ? "editorPanels.errors.noMainScene"
                              : "editorPanels.errors.noPopupScene",
                        }
                      : null
                  }
                >
                  <Select
                    size="small"
                    style={{ width: "100%" }}
                    value={allowed.some((s) => s.id === targetSceneId) ? targetSceneId : undefined}
                    placeholder={t("editorPanels.button.chooseTarget")}
                    status={allowed.some((s) => s.id === targetSceneId) ? undefined : "error"}
                    onChange={(id: string) => commitProps(widget.id, { targetSceneId: id })}
                    options={allowed.map((s) => ({ value: s.id, label: s.name }))}
                    aria-label={t("editorPanels.button.target")}
                  />
                </Row>
              )}
            </>
          ),
        },
        {
          key: "style",
          label: t("editorPanels.sections.style"),
          children: (
            <>
              <TextRow label={t("editorPanels.fields.label")} b={bind("label")} />
              <NumberRow label={t("editorPanels.fields.fontSize")} b={bind("fontSize")} suffix={px} />
              <ColorRow label={t("editorPanels.fields.color")} b={bind("color")} />
              <ColorRow label={t("editorPanels.fields.background")} b={bind("background")} />
              <NumberRow label={t("editorPanels.fields.radius")} b={bind("borderRadius")} suffix={px} />
            </>
          ),
        },
      ]}
    />
  );
}
