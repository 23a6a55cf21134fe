import { DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOutlined } from "@ant-design/icons";
import type { MaterialFolder } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Popconfirm, Space, Spin, Tooltip, Tree, type TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { materialApi } from "./api";
import { buildFolderTree, type FolderNode, folderIdOf, folderKey } from "./folders";
import { NameModal } from "./NameModal";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";

type Editing = { mode: "create"; parentId?: number } | { mode: "rename"; folder: MaterialFolder } | null;

/** The folder tree (left): choose the current folder; create, rename and delete folders. */
export function FolderTree({
  folders,
  loading,
  current,
  onSelect,
}: {
  folders: MaterialFolder[];
  loading: boolean;
  current: number | undefined;
  onSelect: (folderId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan("content:material:edit", MATERIAL_ROUTE_PERMISSION);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const root = useMemo(() => buildFolderTree(folders, t("material.root")), [folders, t]);
  const selected = current === undefined ? undefined : folders.find((f) => f.id === current);
  const [expanded, setExpanded] = useState<string[]>([]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["material", "folders"] });

  const save = async (name: string) => {
    if (!editing) return;
    if (editing.mode === "create") {
      const r = await materialApi.saveFolder({ parentId: editing.parentId, name });
      setExpanded((e) => [...new Set([...e, folderKey(editing.parentId)])]);
      // The answer names the new folder unless someone removed it (or its parent) meanwhile.
      if (r.folder) onSelect(r.folder.id);
    } else {
      await materialApi.saveFolder({
        id: editing.folder.id,
        parentId: editing.folder.parentId ?? undefined,
        name,
      });
    }
    void message.success(t("material.saved"));
    await refresh();
  };

  const remove = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await materialApi.deleteFolders([selected.id]);
      void message.success(t("material.deleted"));
      onSelect(selected.parentId ?? undefined);
      await refresh();
    } catch {
      // the http client shows the server's reason (for example: the folder is not empty)
    } finally {
      setBusy(false);
    }
  };

  const toData = (n: FolderNode): TreeDataNode => ({
    key: n.key,
    title: n.title,
    icon: <FolderOutlined />,
    children: n.children.map(toData),
  });

  return (
    <Card
      size="small"
      title={t("material.folders")}
      styles={{ body: { padding: 8, minHeight: 200 } }}
      extra={
        <Space size={0}>
          <Tooltip title={t("material.newFolder")}>
            <Button
              type="text"
              size="small"
              icon={<FolderAddOutlined />}
              disabled={!canEdit}
              aria-label={t("material.newFolder")}
              data-testid="folder-create"
              onClick={() => setEditing({ mode: "create", parentId: current })}
            />
          </Tooltip>
          <Tooltip title={t("material.renameFolder")}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              disabled={!canEdit || !selected}
              aria-label={t("material.renameFolder")}
              data-testid="folder-rename"
              onClick={() => selected && setEditing({ mode: "rename", folder: selected })}
            />
          </Tooltip>
          <Popconfirm
            title={t("material.deleteFolderConfirm", { name: selected?.name ?? "" })}
            okText={t("material.delete")}
            cancelText={t("material.cancel")}
            okButtonProps={{ danger: true }}
            disabled={!canEdit || !selected}
            onConfirm={() => remove()}
          >
            <Tooltip title={t("material.deleteFolder")}>
              <Button
                type="text"
                size="small"
                danger
                loading={busy}
                icon={<DeleteOutlined />}
                disabled={!canEdit || !selected}
                aria-label={t("material.deleteFolder")}
                data-testid="folder-delete"
              />
            </Tooltip>
          </Popconfirm>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <div data-testid="folder-tree">
          <Tree
            showIcon
            blockNode
            treeData={[toData(root)]}
            selectedKeys={[folderKey(current)]}
            expandedKeys={[folderKey(undefined), ...expanded]}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onSelect={(keys) => {
              const key = keys[0];
              if (key !== undefined) onSelect(folderIdOf(String(key)));
            }}
          />
        </div>
      </Spin>
      <NameModal
        open={editing !== null}
        title={editing?.mode === "rename" ? t("material.renameFolder") : t("material.newFolder")}
        label={t("material.folderName")}
        initial={editing?.mode === "rename" ? editing.folder.name : ""}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
