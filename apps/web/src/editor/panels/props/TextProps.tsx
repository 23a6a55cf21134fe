import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  MenuOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from "@ant-design/icons";
import { WIDGET_PROPS, type WidgetOf } from "@marquee/program";
import { Alert, App, Button, Switch, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { designWidget, fitFontSize, useTextOverflow } from "../../textFit";
import { commitProps, propBinder } from "../bind";
import { NumberRow, Row, Sections, SegmentedRow, StyleToggles, TextRow } from "../fields";
import { plainToHtml } from "../richText";
import { check } from "../validate";
import { BindingEditor } from "./BindingEditor";
import { FontBlock } from "./common";
import { RichTextBox } from "./RichTextBox";

/**
 * Says that the widget's text does not fit its box (a part is cut off on the screen as on the
 * canvas), and offers to fit it: the largest font size at which it fits.
 */
export function OverflowNotice({ widget }: { widget: WidgetOf<"text"> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const overflows = useTextOverflow((s) => s.ids.includes(widget.id));
  if (!overflows) return null;
  const fit = () => {
    const el = designWidget(widget.id);
    const size = el ? fitFontSize(el, widget.props.fontSize) : null;
    if (size === null) void message.warning(t("editorPanels.text.fitNone"));
    else commitProps(widget.id, { fontSize: size });
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 8 }}
      title={t("editorPanels.text.overflow")}
      action={
        <Button size="small" onClick={fit} data-testid="text-fit">
          {t("editorPanels.text.fit")}
        </Button>
      }
      data-testid="text-overflow"
    />
  );
}

/** A text widget: plain or rich text, its font and layout, and an optional data binding. */
export function TextProps({ widget }: { widget: WidgetOf<"text"> }) {
  const { t } = useTranslation();
  const bind = propBinder(widget);
  const rich = widget.props.html !== null;
  const tip = (key: string, icon: ReactNode) => (
    <Tooltip title={t(`editorPanels.align.${key}`)}>
      <span role="img" aria-label={t(`editorPanels.align.${key}`)}>
        {icon}
      </span>
    </Tooltip>
  );
  return (
    <>
      <OverflowNotice widget={widget} />
      <Sections
        items={[
          {
            key: "content",
            label: t("editorPanels.sections.content"),
            children: (
              <>
                <Row label={t("editorPanels.text.rich")} tip={t("editorPanels.text.richTip")}>
                  <Switch
                    size="small"
                    checked={rich}
                    onChange={(on) => {
                      const html = on ? plainToHtml(widget.props.text) : null;
                      if (!check(WIDGET_PROPS.text.shape.html, html)) commitProps(widget.id, { html });
                    }}
                  />
                </Row>
                {rich ? (
                  <Row label={t("editorPanels.text.content")} top>
                    <RichTextBox widget={widget} />
                  </Row>
                ) : (
                  <TextRow label={t("editorPanels.text.content")} b={bind("text")} multiline />
                )}
                {widget.props.binding && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t("editorPanels.text.boundHint")}
                  </Typography.Text>
                )}
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
                  underline={bind("underline")}
                />
                <SegmentedRow
                  label={t("editorPanels.fields.align")}
                  b={bind("align")}
                  options={[
                    { value: "left", label: tip("left", <AlignLeftOutlined />) },
                    { value: "center", label: tip("center", <AlignCenterOutlined />) },
                    { value: "right", label: tip("right", <AlignRightOutlined />) },
                    { value: "justify", label: tip("justify", <MenuOutlined />) },
                  ]}
                />
                <SegmentedRow
                  label={t("editorPanels.fields.valign")}
                  b={bind("valign")}
                  options={[
                    { value: "top", label: tip("top", <VerticalAlignTopOutlined />) },
                    { value: "middle", label: tip("middle", <VerticalAlignMiddleOutlined />) },
                    { value: "bottom", label: tip("bottom", <VerticalAlignBottomOutlined />) },
                  ]}
                />
                <NumberRow label={t("editorPanels.fields.lineHeight")} b={bind("lineHeight")} step={0.1} />
                <NumberRow
                  label={t("editorPanels.fields.letterSpacing")}
                  b={bind("letterSpacing")}
                  suffix={t("editorPanels.units.px")}
                />
              </>
            ),
          },
          {
            key: "binding",
            label: t("editorPanels.sections.binding"),
            children: <BindingEditor widget={widget} />,
          },
        ]}
      />
    </>
  );
}
