import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { WIDGET_PROPS, type WidgetOf } from "@marquee/program";
import { Button, Tooltip, theme } from "antd";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commitProps } from "../bind";
import { ProblemText } from "../fields";
import { moveItem } from "../lists";
import { MaterialLabel } from "../MaterialField";
import { MaterialPicker } from "../MaterialPicker";
import { check, type Problem } from "../validate";

/** The images of a carousel, in play order: add several from the library, reorder, remove. */
export function CarouselList({ widget }: { widget: WidgetOf<"carousel"> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const ids = widget.props.materialIds;
  const set = (materialIds: number[]) => {
    const p = check(WIDGET_PROPS.carousel.shape.materialIds, materialIds);
    setProblem(p);
    if (!p) commitProps(widget.id, { materialIds });
  };
  const small = (tip: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={tip}>
      <Button size="small" type="text" icon={icon} aria-label={tip} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
  return (
    <div data-testid="carousel-list">
      {ids.map((id, i) => (
        <div
          // Ids may repeat (an image shown twice): the place keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={`${id}:${i}`}
          style={{
            display: "flex",
            alignItems: "center",
            gap: 2,
            padding: "2px 0",
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div style={{ flex: 1, minWidth: 0 }}>
            <MaterialLabel id={id} size={32} />
          </div>
          {small(t("editorPanels.list.up"), <ArrowUpOutlined />, () => set(moveItem(ids, i, -1)), i === 0)}
          {small(
            t("editorPanels.list.down"),
            <ArrowDownOutlined />,
            () => set(moveItem(ids, i, 1)),
            i === ids.length - 1,
          )}
          {small(t("editorPanels.list.remove"), <CloseOutlined />, () => set(ids.filter((_, j) => j !== i)))}
        </div>
      ))}
      <Button
        size="small"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 6 }}
        onClick={() => setOpen(true)}
      >
        {t("editorPanels.carousel.add")}
      </Button>
      <ProblemText problem={problem} />
      <MaterialPicker
        open={open}
        type="image"
        multiple
        onClose={() => setOpen(false)}
        onConfirm={(list) => set([...ids, ...list.map((m) => m.id)])}
      />
    </div>
  );
}
