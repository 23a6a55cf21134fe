import {
  CaretDownOutlined,
  CaretRightOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from "@ant-design/icons";
import { paintOrder, patchWidgets, WIDGET_SPECS, type Widget, zOrder } from "@marquee/program";
import { Dropdown, Input, type MenuProps } from "antd";
import { type DragEvent, type MouseEvent, memo, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WidgetIcon } from "../features/widget/icons";
import { deleteSelection, orderSelection, STEP } from "./actions";
import { dropIndex, moveItem, toggleSelection } from "./geometry";
import { activeScene, useEditor } from "./store";
import { useEditorUi } from "./ui";

/**
 * The active scene's widgets, top-most first: select (Shift/Ctrl for more),
 * lock, hide, rename (double-click), reorder by dragging, and the stacking
 * actions on a right click.
 */

const LAYER_DRAG_TYPE = "application/x-marquee-layer";

interface RowProps {
  widget: Widget;
  index: number;
  selected: boolean;
  renaming: boolean;
  dropMark: "before" | "after" | null;
  onDragOverRow: (index: number, after: boolean) => void;
  onDropRow: (from: number) => void;
  onDragEnd: () => void;
  /** Which row the list's context menu acts on (a right click), or a rename to start/end. */
  onMenuRow: (widget: Widget) => void;
  onRenaming: (id: string | null) => void;
}

const LayerRow = memo(function LayerRow({
  widget,
  index,
  selected,
  renaming,
  dropMark,
  onDragOverRow,
  onDropRow,
  onDragEnd,
  onMenuRow,
  onRenaming,
}: RowProps) {
  const { t } = useTranslation();
  const setRenaming = (on: boolean) => onRenaming(on ? widget.id : null);
  const typeName = t(`widget.types.${widget.type}`);
  const spec = WIDGET_SPECS[widget.type];

  const click = (e: MouseEvent) => {
    const s = useEditor.getState();
    if (e.shiftKey || e.ctrlKey || e.metaKey) s.select(toggleSelection(s.selectedIds, [widget.id]));
    else s.select([widget.id]);
  };
  const toggle = (field: "locked" | "hidden") => (e: MouseEvent) => {
    e.stopPropagation();
    const s = useEditor.getState();
    const on = !widget[field];
    const label = field === "locked" ? (on ? STEP.lock : STEP.unlock) : on ? STEP.hide : STEP.show;
    s.dispatch(patchWidgets(activeScene(s).id, [widget.id], { [field]: on }), label);
  };
  const rename = (value: string) => {
    setRenaming(false);
    const name = value.trim().slice(0, 64);
    if (name === widget.name) return;
    const s = useEditor.getState();
    s.dispatch(patchWidgets(activeScene(s).id, [widget.id], { name }), STEP.rename);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row with its own toggle buttons cannot be one <button>
    <div
      role="button"
      tabIndex={0}
      className={`mq-ed-layer${selected ? " selected" : ""}${widget.hidden ? " is-hidden" : ""}${dropMark ? ` drop-${dropMark}` : ""}`}
      data-testid="editor-layer"
      data-widget-id={widget.id}
      draggable={!renaming}
      onClick={click}
      onContextMenu={() => onMenuRow(widget)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === e.currentTarget) useEditor.getState().select([widget.id]);
      }}
      onDoubleClick={() => setRenaming(true)}
      onDragStart={(e) => {
        e.dataTransfer.setData(LAYER_DRAG_TYPE, String(index));
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragEnd={onDragEnd}
      onDragOver={(e: DragEvent<HTMLDivElement>) => {
        if (!e.dataTransfer.types.includes(LAYER_DRAG_TYPE)) return;
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        onDragOverRow(index, e.clientY > r.top + r.height / 2);
      }}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(LAYER_DRAG_TYPE));
        if (!Number.isInteger(from)) return;
        e.preventDefault();
        onDropRow(from);
      }}
    >
      <WidgetIcon info={{ icon: spec.icon, iconUrl: null }} size={16} alt="" />
      {renaming ? (
        <Input
          size="small"
          autoFocus
          defaultValue={widget.name}
          placeholder={typeName}
          maxLength={64}
          onClick={(e) => e.stopPropagation()}
          onBlur={(e) => rename(e.target.value)}
          onPressEnter={(e) => rename(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setRenaming(false);
          }}
        />
      ) : (
        <span className="mq-ed-layer-name" title={widget.name || typeName}>
          {widget.name || typeName}
        </span>
      )}
      <button
        type="button"
        className={`mq-ed-layer-toggle${widget.locked ? " on" : ""}`}
        aria-label={widget.locked ? t("editor.layers.unlock") : t("editor.layers.lock")}
        title={widget.locked ? t("editor.layers.unlock") : t("editor.layers.lock")}
        data-testid="editor-layer-lock"
        onClick={toggle("locked")}
      >
        {widget.locked ? <LockOutlined /> : <UnlockOutlined />}
      </button>
      <button
        type="button"
        className={`mq-ed-layer-toggle${widget.hidden ? " on" : ""}`}
        aria-label={widget.hidden ? t("editor.layers.show") : t("editor.layers.hide")}
        title={widget.hidden ? t("editor.layers.show") : t("editor.layers.hide")}
        data-testid="editor-layer-hide"
        onClick={toggle("hidden")}
      >
        {widget.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      </button>
    </div>
  );
});

/** The right-click menu of a layer: stacking order, rename, delete. */
function layerMenu(t: (key: string) => string, widget: Widget | null): MenuProps["items"] {
  return [
    { key: "front", label: t("editor.order.front") },
    { key: "forward", label: t("editor.order.forward") },
    { key: "backward", label: t("editor.order.backward") },
    { key: "back", label: t("editor.order.back") },
    { type: "divider" },
    { key: "rename", label: t("editor.layers.rename") },
    { key: "delete", label: t("editor.deleteSelection"), danger: true, disabled: widget?.locked ?? true },
  ];
}

export function LayersPanel() {
  const { t } = useTranslation();
  const open = useEditorUi((s) => s.layersOpen);
  const setUi = useEditorUi((s) => s.set);
  const scene = useEditor(activeScene);
  const selectedIds = useEditor((s) => s.selectedIds);
  const [over, setOver] = useState<{ index: number; after: boolean } | null>(null);
  // One context menu for the whole list (a menu per row made every render of the list three times dearer).
  const [menuFor, setMenuFor] = useState<Widget | null>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const onMenu = (key: string) => {
    if (!menuFor) return;
    const s = useEditor.getState();
    // Acting on a row outside the selection acts on that row alone.
    if (!s.selectedIds.includes(menuFor.id)) s.select([menuFor.id]);
    if (key === "rename") setRenamingId(menuFor.id);
    else if (key === "delete") deleteSelection();
    else orderSelection(key as "front" | "forward" | "backward" | "back");
  };
  const topFirst = useMemo(() => paintOrder(scene).reverse(), [scene]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  // Stable callbacks keep the memoised rows from re-rendering on every change of the scene.
  const latest = useRef({ over, topFirst, sceneId: scene.id });
  latest.current = { over, topFirst, sceneId: scene.id };
  const onDragOverRow = useCallback(
    (index: number, after: boolean) =>
      setOver((o) => (o?.index === index && o.after === after ? o : { index, after })),
    [],
  );
  const onDragEnd = useCallback(() => setOver(null), []);
  const onDropRow = useCallback((from: number) => {
    const { over: target, topFirst: list, sceneId } = latest.current;
    setOver(null);
    if (!target) return;
    const to = dropIndex(from, target.index, target.after);
    if (to === null) return;
    const bottomFirst = moveItem(list, from, to)
      .reverse()
      .map((w) => w.id);
    const s = useEditor.getState();
    s.dispatch(zOrder(s.doc, sceneId, bottomFirst), STEP.order);
  }, []);

  return (
    <section
      className={`mq-ed-panel mq-ed-layers${open ? "" : " collapsed"}`}
      aria-label={t("editor.layers.title")}
    >
      <button
        type="button"
        className="mq-ed-panel-head mq-ed-panel-toggle"
        aria-expanded={open}
        onClick={() => setUi({ layersOpen: !open })}
      >
        {open ? <CaretDownOutlined /> : <CaretRightOutlined />}
        <span>{t("editor.layers.title")}</span>
        <span className="mq-ed-count">{scene.widgets.length}</span>
      </button>
      {open && (
        <Dropdown
          trigger={["contextMenu"]}
          menu={{ items: layerMenu(t, menuFor), onClick: ({ key }) => onMenu(key) }}
        >
          <div className="mq-ed-layer-list">
            {topFirst.length === 0 ? (
              <div className="mq-ed-muted mq-ed-pad">{t("editor.layers.empty")}</div>
            ) : (
              topFirst.map((w, i) => (
                <LayerRow
                  key={w.id}
                  widget={w}
                  index={i}
                  selected={selected.has(w.id)}
                  renaming={renamingId === w.id}
                  onMenuRow={setMenuFor}
                  onRenaming={setRenamingId}
                  dropMark={over?.index === i ? (over.after ? "after" : "before") : null}
                  onDragOverRow={onDragOverRow}
                  onDropRow={onDropRow}
                  onDragEnd={onDragEnd}
                />
              ))
            )}
          </div>
        </Dropdown>
      )}
    </section>
  );
}
