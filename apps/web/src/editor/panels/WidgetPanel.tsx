import { CheckOutlined } from "@ant-design/icons";
import { patchWidgets, type Widget, WidgetFrame } from "@marquee/program";
import { Button, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { activeScene, useEditor } from "../store";
import { type Bound, frameBinder, STEP } from "./bind";
import { NumberRow, PairRow, Sections, SwitchRow, TextRow } from "./fields";
import { WidgetProps } from "./WidgetProps";

/** A frame flag (locked, hidden) of a widget of the active scene, one step per change. */
function flagBinder(widget: Widget, field: "locked" | "hidden"): Bound<boolean> {
  return {
    key: `frame:${widget.id}:${field}`,
    value: widget[field],
    schema: WidgetFrame.shape[field],
    commit: (on) => {
      const { activeSceneId, dispatch } = useEditor.getState();
      dispatch(patchWidgets(activeSceneId, [widget.id], { [field]: on }), STEP.widget);
    },
  };
}

/** The active widget: its frame in design pixels, name, lock and visibility, then the props of its type. */
export function WidgetPanel({ widgetId }: { widgetId: string }) {
  const { t } = useTranslation();
  const widget = useEditor((s) => activeScene(s).widgets.find((w) => w.id === widgetId));
  const select = useEditor((s) => s.select);
  if (!widget) return null;
  return (
    <div data-testid="widget-panel" data-type={widget.type}>
      <div
        style={{ display: "flex", alignItems: "center", justifyContent: "space-between", padding: "4px 8px" }}
      >
        <Typography.Text strong>{t(`widget.types.${widget.type}`)}</Typography.Text>
        <Tooltip title={t("editorPanels.doneTip")}>
          <Button size="small" type="text" icon={<CheckOutlined />} onClick={() => select([])}>
            {t("editorPanels.done")}
          </Button>
        </Tooltip>
      </div>
      <Sections
        items={[
          {
            key: "frame",
            label: t("editorPanels.sections.frame"),
            children: (
              <>
                <TextRow
                  label={t("editorPanels.fields.name")}
                  b={frameBinder(widget.id, "name", widget.name)}
                />
                <PairRow
                  label={t("editorPanels.fields.position")}
                  first={frameBinder(widget.id, "x", widget.x)}
                  second={frameBinder(widget.id, "y", widget.y)}
                  prefixes={["X", "Y"]}
                />
                <PairRow
                  label={t("editorPanels.fields.size")}
                  first={frameBinder(widget.id, "w", widget.w)}
                  second={frameBinder(widget.id, "h", widget.h)}
                  prefixes={[t("editorPanels.canvas.widthShort"), t("editorPanels.canvas.heightShort")]}
                />
                <NumberRow
                  label={t("editorPanels.fields.rotation")}
                  b={frameBinder(widget.id, "rotation", widget.rotation)}
                  suffix="°"
                />
                <SwitchRow
                  label={t("editorPanels.fields.locked")}
                  tip={t("editorPanels.fields.lockedTip")}
                  b={flagBinder(widget, "locked")}
                />
                <SwitchRow label={t("editorPanels.fields.hidden")} b={flagBinder(widget, "hidden")} />
              </>
            ),
          },
        ]}
      />
      <WidgetProps widget={widget} />
    </div>
  );
}
