import { Button, Empty, Spin, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { WidgetIcon } from "../features/widget/icons";
import { addWidgetAt } from "./actions";
import { groupPalette, usePalette, WIDGET_DRAG_TYPE } from "./palette";

/**
 * The widget palette: the tenant's enabled types by category. A click adds
 * the widget at the canvas centre, a drag drops it where it is let go; both
 * with the tenant's defaults, and the new widget is selected.
 */
export function Palette() {
  const { t } = useTranslation();
  const palette = usePalette();
  const groups = groupPalette(palette.data ?? []);

  return (
    <section className="mq-ed-panel mq-ed-palette" aria-label={t("editor.palette.title")}>
      <div className="mq-ed-panel-head">
        <span>{t("editor.palette.title")}</span>
      </div>
      <div className="mq-ed-palette-body">
        {palette.isPending ? (
          <Spin size="small" className="mq-ed-center-block" />
        ) : palette.isError ? (
          <div className="mq-ed-center-block">
            <div className="mq-ed-muted">{t("editor.palette.failed")}</div>
            <Button size="small" onClick={() => void palette.refetch()}>
              {t("editor.retry")}
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("editor.palette.empty")} />
        ) : (
          groups.map((g) => (
            <div key={g.category} className="mq-ed-palette-group">
              <div className="mq-ed-group-title">{t(`editor.palette.category.${g.category}`)}</div>
              <div className="mq-ed-tiles">
                {g.items.map((info) => {
                  const label = t(`widget.types.${info.type}`);
                  return (
                    <Tooltip key={info.type} title={t("editor.palette.hint")} mouseEnterDelay={0.8}>
                      <button
                        type="button"
                        className="mq-ed-tile"
                        draggable
                        data-testid={`editor-palette-${info.type}`}
                        onClick={() => addWidgetAt(info.type, info.defaults)}
                        onDragStart={(e) => {
                          e.dataTransfer.setData(WIDGET_DRAG_TYPE, info.type);
                          e.dataTransfer.effectAllowed = "copy";
                        }}
                      >
                        <WidgetIcon info={info} size={22} alt={label} />
                        <span className="mq-ed-tile-label">{label}</span>
                      </button>
                    </Tooltip>
                  );
                })}
              </div>
            </div>
          ))
        )}
      </div>
    </section>
  );
}
