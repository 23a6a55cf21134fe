import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOutlined,
  ScissorOutlined,
  SnippetsOutlined,
} from "@ant-design/icons";
import type { Material, Permission } from "@marquee/contracts";
import { App, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { useMaterialClipboard } from "../../stores/materialClipboard";
import { materialApi } from "./api";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";

const EDIT: Permission = "content:material:edit";

/** Operations on the selection: copy, cut, paste (material clipboard, spec §3), move, rename, delete. */
export function BatchBar({
  selected,
  folderId,
  onMove,
  onRename,
  onDelete,
  onPasted,
}: {
  selected: Material[];
  folderId: number | undefined;
  onMove: () => void;
  onRename: (m: Material) => void;
  onDelete: (ids: number[], names: string[]) => void;
  onPasted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const clipboard = useMaterialClipboard();
  const [pasting, setPasting] = useState(false);
  const none = selected.length === 0;
  const sameFolderCut = clipboard.isCut && clipboard.sourceFolderId === (folderId ?? null);

  const put = (isCut: boolean) => {
    clipboard.put(selected, isCut, folderId);
    void message.success(
      isCut
        ? t("material.cutDone", { count: selected.length })
        : t("material.copyDone", { count: selected.length }),
    );
  };

  const paste = async () => {
    if (clipboard.ids.length === 0) return;
    setPasting(true);
    try {
      await materialApi.paste(clipboard.ids, folderId, clipboard.isCut);
      void message.success(t("material.pasted", { count: clipboard.ids.length }));
      if (clipboard.isCut) clipboard.clear();
      onPasted();
    } catch {
      // shown by the http client
    } finally {
      setPasting(false);
    }
  };

  const clipNames = clipboard.names.slice(0, 5).join(", ") + (clipboard.names.length > 5 ? " …" : "");
  return (
    <Space wrap size="small">
      <AuthButton
        operation={EDIT}
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.copy")}
        icon={<CopyOutlined />}
        disabled={none}
        onClick={() => put(false)}
        data-testid="material-copy"
      />
      <AuthButton
        operation={EDIT}
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.cut")}
        icon={<ScissorOutlined />}
        disabled={none}
        onClick={() => put(true)}
        data-testid="material-cut"
      />
      <AuthButton
        operation={EDIT}
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.paste")}
        icon={<SnippetsOutlined />}
        disabled={clipboard.ids.length === 0 || sameFolderCut}
        loading={pasting}
        onClick={() => void paste()}
        data-testid="material-paste"
      />
      <AuthButton
        operation={EDIT}
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.move")}
        icon={<FolderOutlined />}
        disabled={none}
        onClick={onMove}
        data-testid="material-move"
      />
      <AuthButton
        operation={EDIT}
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.rename")}
        icon={<EditOutlined />}
        disabled={selected.length !== 1}
        onClick={() => selected[0] && onRename(selected[0])}
        data-testid="material-rename"
      />
      <AuthButton
        operation="content:material:delete"
        routePermission={MATERIAL_ROUTE_PERMISSION}
        label={t("material.delete")}
        icon={<DeleteOutlined />}
        danger
        disabled={none}
        onClick={() =>
          onDelete(
            selected.map((m) => m.id),
            selected.map((m) => m.name),
          )
        }
        data-testid="material-delete"
      />
      <Typography.Text type="secondary" data-testid="material-selected">
        {t("material.selected", { count: selected.length })}
      </Typography.Text>
      {clipboard.ids.length > 0 && (
        <Tooltip title={clipNames}>
          <Tag
            closable
            onClose={() => clipboard.clear()}
            color={clipboard.isCut ? "orange" : "blue"}
            data-testid="material-clipboard"
          >
            {clipboard.isCut
              ? t("material.clipboardCut", { count: clipboard.ids.length })
              : t("material.clipboardCopied", { count: clipboard.ids.length })}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
