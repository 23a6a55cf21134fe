import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from "@ant-design/icons";
import type { TerminalTreeNodeT } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Empty,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Tree,
  type TreeDataNode,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { terminalApi } from "./api";
import { NameModal } from "./NameModal";
import { NodeTitle } from "./NodeTitle";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";
import { findNode, groupKey, parseKey } from "./tree";

/** The group tree of one office. */
export const groupTreeQuery = (officeId: number) => ({
  queryKey: ["terminal", "groups", officeId] as const,
  queryFn: () => terminalApi.groupTree(officeId),
  refetchInterval: 30_000,
});

type Editing =
  | { mode: "create"; parentId: number | null }
  | { mode: "rename"; group: TerminalTreeNodeT }
  | null;

/** The groups of the chosen office (left, below the offices): choose one to narrow the list; add, rename, delete. */
export function GroupTree({
  officeId,
  officeName,
  groupId,
  onSelect,
}: {
  officeId: number | undefined;
  officeName: string | undefined;
  groupId: number | undefined;
  onSelect: (groupId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(TERMINAL_PERMISSIONS.group, TERMINAL_ROUTE_PERMISSION);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const groups = useQuery({ ...groupTreeQuery(officeId ?? 0), enabled: officeId !== undefined });
  const tree = officeId === undefined ? [] : (groups.data?.tree ?? []);
  const selected = groupId === undefined ? undefined : findNode(tree, groupId);

  const data = useMemo(() => {
    const toData = (n: TerminalTreeNodeT): TreeDataNode => ({
      key: groupKey(n.id),
      title: <NodeTitle name={n.name} online={n.online} total={n.total} />,
      children: n.children.map(toData),
    });
    return tree.map(toData);
  }, [tree]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["terminal"] });

  const save = async (name: string) => {
    if (!editing || officeId === undefined) return;
    if (editing.mode === "create") {
      await terminalApi.saveGroup({ officeId, parentId: editing.parentId, name });
    } else {
      await terminalApi.saveGroup({ id: editing.group.id, officeId, name });
    }
    void message.success(t("terminal.groups.saved"));
    await refresh();
  };

  const remove = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await terminalApi.deleteGroup(selected.id);
      void message.success(t("terminal.groups.deleted"));
      onSelect(undefined);
      await refresh();
    } catch {
      // the http client shows the server's reason
    } finally {
      setBusy(false);
    }
  };

  const denied = canEdit ? undefined : t("common.noPermission");
  return (
    <Card
      size="small"
      title={
        <Typography.Text ellipsis style={{ maxWidth: 160 }} title={officeName}>
          <TeamOutlined />{" "}
          {officeName ? t("terminal.groups.titleOf", { office: officeName }) : t("terminal.groups.title")}
        </Typography.Text>
      }
      styles={{ body: { padding: 8 } }}
      extra={
        <Space size={0}>
          <Tooltip title={denied ?? t("terminal.groups.add")}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              disabled={!canEdit || officeId === undefined}
              aria-label={t("terminal.groups.add")}
              data-testid="terminal-group-add"
              onClick={() => setEditing({ mode: "create", parentId: selected?.id ?? null })}
            />
          </Tooltip>
          <Tooltip title={denied ?? t("terminal.groups.rename")}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              disabled={!canEdit || !selected}
              aria-label={t("terminal.groups.rename")}
              data-testid="terminal-group-rename"
              onClick={() => selected && setEditing({ mode: "rename", group: selected })}
            />
          </Tooltip>
          <Popconfirm
            title={t("terminal.groups.deleteConfirm", { name: selected?.name ?? "" })}
            description={t("terminal.groups.deleteHint")}
            okText={t("common.delete")}
            cancelText={t("common.cancel")}
            okButtonProps={{ danger: true }}
            disabled={!canEdit || !selected}
            onConfirm={() => remove()}
          >
            <Tooltip title={denied ?? t("terminal.groups.delete")}>
              <Button
                type="text"
                size="small"
                danger
                loading={busy}
                icon={<DeleteOutlined />}
                disabled={!canEdit || !selected}
                aria-label={t("terminal.groups.delete")}
                data-testid="terminal-group-delete"
              />
            </Tooltip>
          </Popconfirm>
        </Space>
      }
    >
      {officeId === undefined ? (
        <Typography.Text type="secondary">{t("terminal.groups.chooseOffice")}</Typography.Text>
      ) : (
        <Spin spinning={groups.isLoading}>
          {data.length > 0 ? (
            <div data-testid="terminal-group-tree" style={{ maxHeight: 300, overflow: "auto" }}>
              <Tree
                blockNode
                defaultExpandAll
                treeData={data}
                selectedKeys={groupId === undefined ? [] : [groupKey(groupId)]}
                onSelect={(keys) => {
                  const parsed = keys[0] === undefined ? null : parseKey(String(keys[0]));
                  onSelect(parsed?.kind === "group" ? parsed.id : undefined);
                }}
              />
            </div>
          ) : (
            !groups.isLoading && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("terminal.groups.none", { office: officeName ?? "" })}
              />
            )
          )}
        </Spin>
      )}
      <NameModal
        open={editing !== null}
        title={editing?.mode === "rename" ? t("terminal.groups.rename") : t("terminal.groups.add")}
        label={t("terminal.groups.name")}
        initial={editing?.mode === "rename" ? editing.group.name : ""}
        maxLength={64}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
