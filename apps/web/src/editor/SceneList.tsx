import { BlockOutlined, MoreOutlined, PlusOutlined } from "@ant-design/icons";
import { addScene, duplicateScene, pasteScene, type Scene } from "@marquee/program";
import { App, Button, Dropdown, Input, type MenuProps, Tag, Tooltip } from "antd";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { STEP } from "./actions";
import { dropIndex } from "./geometry";
import { useEditor } from "./store";

/**
 * The program's scenes, in play order: the active one is edited on the
 * canvas. Add (main or popup), rename, duplicate, copy and paste, delete, and
 * reorder by dragging.
 */

const SCENE_DRAG_TYPE = "application/x-marquee-scene";

/** Buttons of the program that open or jump to a scene (they lose their target when it goes). */
function buttonsTargeting(scenes: Scene[], sceneId: string): number {
  let n = 0;
  for (const s of scenes)
    for (const w of s.widgets) if (w.type === "button" && w.props.targetSceneId === sceneId) n++;
  return n;
}

function SceneRow({
  scene,
  index,
  active,
  canDelete,
  dropMark,
  onDragOverRow,
  onDropRow,
  onDragEnd,
}: {
  scene: Scene;
  index: number;
  active: boolean;
  canDelete: boolean;
  dropMark: "before" | "after" | null;
  onDragOverRow: (index: number, after: boolean) => void;
  onDropRow: (from: number) => void;
  onDragEnd: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [renaming, setRenaming] = useState(false);
  const copied = useEditor((s) => s.copiedScene);

  const run = (key: string) => {
    const s = useEditor.getState();
    if (key === "rename") setRenaming(true);
    else if (key === "duplicate") {
      const cmd = duplicateScene(
        s.doc,
        scene.id,
        t("editor.scenes.copyName", { name: scene.name }).slice(0, 64),
      );
      if (s.dispatch(cmd, STEP.sceneDuplicate) && cmd.t === "scene.add") s.setActiveScene(cmd.scene.id);
    } else if (key === "copy") s.copyScene(scene.id);
    else if (key === "paste" && s.copiedScene) {
      const cmd = pasteScene(s.doc, s.copiedScene, scene.id);
      if (s.dispatch(cmd, STEP.scenePaste) && cmd.t === "scene.add") s.setActiveScene(cmd.scene.id);
    } else if (key === "delete") {
      const refs = buttonsTargeting(s.doc.scenes, scene.id);
      modal.confirm({
        title: t("editor.scenes.deleteTitle", { name: scene.name }),
        content: refs > 0 ? t("editor.scenes.deleteRefs", { count: refs }) : t("editor.scenes.deleteBody"),
        okText: t("editor.scenes.delete"),
        okButtonProps: { danger: true },
        cancelText: t("editor.cancel"),
        onOk: () => {
          useEditor.getState().dispatch({ t: "scene.remove", sceneId: scene.id }, STEP.sceneDelete);
        },
      });
    }
  };

  const items: MenuProps["items"] = [
    { key: "rename", label: t("editor.scenes.rename") },
    { key: "duplicate", label: t("editor.scenes.duplicate") },
    { key: "copy", label: t("editor.scenes.copy") },
    { key: "paste", label: t("editor.scenes.pasteAfter"), disabled: !copied },
    { type: "divider" },
    {
      key: "delete",
      label: canDelete ? t("editor.scenes.delete") : t("editor.scenes.cannotDelete"),
      danger: true,
      disabled: !canDelete,
    },
  ];

  const rename = (value: string) => {
    setRenaming(false);
    const name = value.trim().slice(0, 64);
    if (!name || name === scene.name) return;
    useEditor.getState().dispatch({ t: "scene.set", sceneId: scene.id, patch: { name } }, STEP.sceneRename);
  };

  const duration =
    scene.duration.mode === "media"
      ? t("editor.scenes.untilMedia")
      : t("editor.scenes.seconds", { n: scene.duration.seconds });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a row with its own buttons and a drag handle cannot be one <button>
    <div
      role="button"
      tabIndex={0}
      className={`mq-ed-scene${active ? " active" : ""}${dropMark ? ` drop-${dropMark}` : ""}`}
      data-testid="editor-scene"
      draggable={!renaming}
      onClick={() => useEditor.getState().setActiveScene(scene.id)}
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target === e.currentTarget) useEditor.getState().setActiveScene(scene.id);
      }}
      onDoubleClick={() => setRenaming(true)}
      onDragStart={(e) => {
        e.dataTransfer.setData(SCENE_DRAG_TYPE, String(index));
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragEnd={onDragEnd}
      onDragOver={(e: DragEvent<HTMLDivElement>) => {
        if (!e.dataTransfer.types.includes(SCENE_DRAG_TYPE)) return;
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        onDragOverRow(index, e.clientY > r.top + r.height / 2);
      }}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(SCENE_DRAG_TYPE));
        if (!Number.isInteger(from)) return;
        e.preventDefault();
        onDropRow(from);
      }}
    >
      <span className="mq-ed-scene-index">{index + 1}</span>
      {renaming ? (
        <Input
          size="small"
          autoFocus
          defaultValue={scene.name}
          maxLength={64}
          onClick={(e) => e.stopPropagation()}
          onBlur={(e) => rename(e.target.value)}
          onPressEnter={(e) => rename(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setRenaming(false);
          }}
        />
      ) : (
        <span className="mq-ed-scene-name" title={scene.name}>
          {scene.name}
        </span>
      )}
      <Tag className="mq-ed-kind" color={scene.kind === "popup" ? "purple" : "blue"} bordered={false}>
        {t(`editor.scenes.kind.${scene.kind}`)}
      </Tag>
      <span className="mq-ed-scene-duration">{duration}</span>
      <Dropdown
        trigger={["click"]}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            run(key);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("editor.scenes.menu")}
          data-testid="editor-scene-menu"
          onClick={(e) => e.stopPropagation()}
        />
      </Dropdown>
    </div>
  );
}

export function SceneList() {
  const { t } = useTranslation();
  const scenes = useEditor((s) => s.doc.scenes);
  const activeSceneId = useEditor((s) => s.activeSceneId);
  const [over, setOver] = useState<{ index: number; after: boolean } | null>(null);
  const mains = scenes.filter((s) => s.kind === "main").length;

  const add = (kind: Scene["kind"]) => {
    const s = useEditor.getState();
    const n = s.doc.scenes.filter((x) => x.kind === kind).length + 1;
    const name = kind === "main" ? t("editor.scenes.mainName", { n }) : t("editor.scenes.popupName", { n });
    const at = s.doc.scenes.findIndex((x) => x.id === s.activeSceneId) + 1;
    const cmd = addScene(s.doc, name, kind, at > 0 ? at : s.doc.scenes.length);
    if (s.dispatch(cmd, STEP.sceneAdd) && cmd.t === "scene.add") s.setActiveScene(cmd.scene.id);
  };

  const drop = (from: number) => {
    const target = over;
    setOver(null);
    const scene = scenes[from];
    if (!target || !scene) return;
    const to = dropIndex(from, target.index, target.after);
    if (to !== null)
      useEditor.getState().dispatch({ t: "scene.move", sceneId: scene.id, to }, STEP.sceneMove);
  };

  return (
    <section className="mq-ed-panel mq-ed-scenes" aria-label={t("editor.scenes.title")}>
      <div className="mq-ed-panel-head">
        <span>{t("editor.scenes.title")}</span>
        <span className="mq-ed-grow" />
        <Tooltip title={t("editor.scenes.addMain")}>
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add("main")}
            aria-label={t("editor.scenes.addMain")}
            data-testid="editor-add-scene"
          />
        </Tooltip>
        <Tooltip title={t("editor.scenes.addPopup")}>
          <Button
            type="text"
            size="small"
            icon={<BlockOutlined />}
            onClick={() => add("popup")}
            aria-label={t("editor.scenes.addPopup")}
            data-testid="editor-add-popup"
          />
        </Tooltip>
      </div>
      <div className="mq-ed-scene-list">
        {scenes.map((scene, index) => (
          <SceneRow
            key={scene.id}
            scene={scene}
            index={index}
            active={scene.id === activeSceneId}
            canDelete={scenes.length > 1 && !(scene.kind === "main" && mains === 1)}
            dropMark={over?.index === index ? (over.after ? "after" : "before") : null}
            onDragOverRow={(i, after) =>
              setOver((o) => (o?.index === i && o.after === after ? o : { index: i, after }))
            }
            onDropRow={drop}
            onDragEnd={() => setOver(null)}
          />
        ))}
      </div>
    </section>
  );
}
