import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { ProgramName } from "@marquee/contracts";
import { type AlignMode, canRedo, canUndo, type OrderMove } from "@marquee/program";
import { App, Button, Dropdown, Input, Tooltip } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  alignSelection,
  deleteSelection,
  distributeSelection,
  orderSelection,
  setZoom,
  stepZoomBy,
} from "./actions";
import { ZOOM_STEPS } from "./geometry";
import { SaveIndicator, useSaveDisplay } from "./SaveIndicator";
import { useEditor } from "./store";
import {
  AlignBottomIcon,
  AlignHCenterIcon,
  AlignLeftIcon,
  AlignRightIcon,
  AlignTopIcon,
  AlignVCenterIcon,
  BringFrontIcon,
  DistributeHIcon,
  DistributeVIcon,
  SendBackIcon,
} from "./toolIcons";

/** The editor's top bar: back, name, save state, history, arrangement, zoom, preview and save. */

const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl+";

function ToolButton({
  title,
  icon,
  onClick,
  disabled,
  testId,
}: {
  title: ReactNode;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={typeof title === "string" ? title : undefined}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** The program name, edited in place; an empty or too long name goes back to the last one. */
function NameField() {
  const { t } = useTranslation();
  const name = useEditor((s) => s.name);
  const setName = useEditor((s) => s.setName);
  const [draft, setDraft] = useState(name);
  useEffect(() => setDraft(name), [name]);
  const commit = () => {
    const parsed = ProgramName.safeParse(draft);
    if (parsed.success && parsed.data !== name) setName(parsed.data);
    else setDraft(name);
  };
  return (
    <Input
      className="mq-ed-name"
      variant="borderless"
      size="small"
      value={draft}
      maxLength={100}
      placeholder={t("editor.namePlaceholder")}
      aria-label={t("editor.name")}
      data-testid="editor-name"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={(e) => e.currentTarget.blur()}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          setDraft(name);
          requestAnimationFrame(() => (e.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}

function HistoryButtons() {
  const { t } = useTranslation();
  const history = useEditor((s) => s.history);
  const undo = useEditor((s) => s.undo);
  const redo = useEditor((s) => s.redo);
  const prev = canUndo(history) ? history.steps[history.pointer - 1] : undefined;
  const next = canRedo(history) ? history.steps[history.pointer] : undefined;
  return (
    <>
      <ToolButton
        title={prev ? t("editor.undoStep", { step: t(prev.label), keys: `${MOD}Z` }) : t("editor.undo")}
        icon={<UndoOutlined />}
        onClick={undo}
        disabled={!prev}
        testId="editor-undo"
      />
      <ToolButton
        title={next ? t("editor.redoStep", { step: t(next.label), keys: `${MOD}Shift+Z` }) : t("editor.redo")}
        icon={<RedoOutlined />}
        onClick={redo}
        disabled={!next}
        testId="editor-redo"
      />
    </>
  );
}

const ALIGN: Array<{ mode: AlignMode; icon: ReactNode }> = [
  { mode: "left", icon: <AlignLeftIcon /> },
  { mode: "hcenter", icon: <AlignHCenterIcon /> },
  { mode: "right", icon: <AlignRightIcon /> },
  { mode: "top", icon: <AlignTopIcon /> },
  { mode: "vcenter", icon: <AlignVCenterIcon /> },
  { mode: "bottom", icon: <AlignBottomIcon /> },
];
const ORDER: Array<{ move: OrderMove; icon: ReactNode }> = [
  { move: "front", icon: <BringFrontIcon /> },
  { move: "forward", icon: <ArrowUpOutlined /> },
  { move: "backward", icon: <ArrowDownOutlined /> },
  { move: "back", icon: <SendBackIcon /> },
];

function ArrangeButtons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const count = useEditor((s) => s.selectedIds.length);
  const remove = () => {
    const { locked } = deleteSelection();
    if (locked > 0) void message.info(t("editor.lockedKept", { count: locked }));
  };
  return (
    <>
      {ALIGN.map(({ mode, icon }) => (
        <ToolButton
          key={mode}
          title={count === 1 ? t(`editor.align.${mode}Canvas`) : t(`editor.align.${mode}`)}
          icon={icon}
          onClick={() => alignSelection(mode)}
          disabled={count === 0}
          testId={`editor-align-${mode}`}
        />
      ))}
      <ToolButton
        title={t("editor.distribute.h")}
        icon={<DistributeHIcon />}
        onClick={() => distributeSelection("h")}
        disabled={count < 3}
      />
      <ToolButton
        title={t("editor.distribute.v")}
        icon={<DistributeVIcon />}
        onClick={() => distributeSelection("v")}
        disabled={count < 3}
      />
      <span className="mq-ed-sep" />
      {ORDER.map(({ move, icon }) => (
        <ToolButton
          key={move}
          title={t(`editor.order.${move}`)}
          icon={icon}
          onClick={() => orderSelection(move)}
          disabled={count === 0}
        />
      ))}
      <span className="mq-ed-sep" />
      <ToolButton
        title={t("editor.deleteSelection")}
        icon={<DeleteOutlined />}
        onClick={remove}
        disabled={count === 0}
        testId="editor-delete"
      />
    </>
  );
}

function ZoomControl() {
  const { t } = useTranslation();
  const zoom = useEditor((s) => s.canvas.zoom);
  const scale = useEditor((s) => s.canvas.scale);
  const items = [
    { key: "fit", label: `${t("editor.zoom.fit")}  (${MOD}0)` },
    { type: "divider" as const },
    ...ZOOM_STEPS.map((z) => ({ key: String(z), label: `${Math.round(z * 100)} %` })),
  ];
  return (
    <span className="mq-ed-zoom">
      <ToolButton title={t("editor.zoom.out")} icon={<ZoomOutOutlined />} onClick={() => stepZoomBy(-1)} />
      <Dropdown
        trigger={["click"]}
        menu={{
          items,
          selectable: true,
          selectedKeys: [zoom === null ? "fit" : String(zoom)],
          onClick: ({ key }) => setZoom(key === "fit" ? null : Number(key)),
        }}
      >
        <Button type="text" size="small" className="mq-ed-zoom-value" data-testid="editor-zoom">
          {zoom === null
            ? t("editor.zoom.fitValue", { percent: Math.round(scale * 100) })
            : `${Math.round(scale * 100)} %`}
          <DownOutlined />
        </Button>
      </Dropdown>
      <ToolButton title={t("editor.zoom.in")} icon={<ZoomInOutlined />} onClick={() => stepZoomBy(1)} />
    </span>
  );
}

export function Toolbar({
  onBack,
  onSave,
  onPreview,
}: {
  onBack: () => void;
  onSave: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const display = useSaveDisplay();
  return (
    <header className="mq-ed-toolbar">
      <ToolButton
        title={t("editor.back")}
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        testId="editor-back"
      />
      <NameField />
      <SaveIndicator />
      <span className="mq-ed-sep" />
      <HistoryButtons />
      <span className="mq-ed-sep" />
      <ArrangeButtons />
      <span className="mq-ed-grow" />
      <ZoomControl />
      <span className="mq-ed-sep" />
      <Tooltip title={t("editor.previewTip")} mouseEnterDelay={0.4}>
        <Button size="small" icon={<EyeOutlined />} onClick={onPreview} data-testid="editor-preview">
          {t("editor.preview")}
        </Button>
      </Tooltip>
      <Tooltip title={`${MOD}S`} mouseEnterDelay={0.4}>
        <Button
          size="small"
          type="primary"
          icon={<SaveOutlined />}
          loading={display === "saving"}
          onClick={onSave}
          data-testid="editor-save"
        >
          {t("editor.save.action")}
        </Button>
      </Tooltip>
    </header>
  );
}
