import {
  DeleteOutlined,
  EditOutlined,
  LinkOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import type { MenuEntry } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { MENU_ICONS } from "../../layouts/icons";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { MENU_PERMISSIONS, menuApi } from "./api";
import { MenuDrawer, type MenuEditing } from "./MenuDrawer";
import { dropMove, entryTitle } from "./menuTree";

interface Node {
  key: number;
  entry: MenuEntry;
  children: Node[];
}
const toNodes = (entries: MenuEntry[]): Node[] =>
  entries.map((entry) => ({ key: entry.id, entry, children: toNodes(entry.children) }));

const NO_ENTRIES: MenuEntry[] = [];

/**
 * Menu management (menuManage, sysManage/menuManage): the route and menu tree
 * every user's console is built from at sign-in. Drag entries to reorder or
 * move them; edit, add below, delete.
 */
export default function MenuManagePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(MENU_PERMISSIONS.edit, MENU_PERMISSIONS.view);
  const canRemove = useCan(MENU_PERMISSIONS.remove, MENU_PERMISSIONS.view);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [moving, setMoving] = useState(false);
  const [applying, setApplying] = useState(false);
  const lists = useQuery({ queryKey: ["menu", "lists"], queryFn: menuApi.lists });
  const entries = lists.data?.menuList ?? NO_ENTRIES;
  const nodes = useMemo(() => toNodes(entries), [entries]);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["menu"] }),
    [queryClient],
  );

  const remove = async (e: MenuEntry) => {
    try {
      await menuApi.remove(e.id);
      void message.success(t("menuManage.deleted", { name: entryTitle(e, i18n.language) }));
      refresh();
    } catch {
      // the http client has shown why
    }
  };

  /** The editor's own menu, now, rather than at the next sign-in. */
  const applyToMine = async () => {
    setApplying(true);
    try {
      const routes = await sessionApi.routes();
      useSession.setState({ routesConfig: routes.data });
      void message.success(t("menuManage.applied"));
    } catch {
      // the http client has shown why
    } finally {
      setApplying(false);
    }
  };

  const title = (e: MenuEntry) => {
    const Icon = e.icon ? MENU_ICONS[e.icon] : undefined;
    const deleteWhy = e.builtIn
      ? t("menuManage.builtInNoDelete")
      : e.children.length
        ? t("menuManage.hasChildrenNoDelete")
        : null;
    return (
      <div
        style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}
        data-testid={`menu-node-${e.name}`}
      >
        <Space size={6} wrap style={{ flex: 1, minWidth: 0 }}>
          {Icon && <Icon />}
          <Typography.Text strong>{entryTitle(e, i18n.language)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.name} · {e.path}
          </Typography.Text>
          {e.builtIn && <Tag>{t("menuManage.builtIn")}</Tag>}
          {e.meta.invisible && <Tag color="default">{t("menuManage.hidden")}</Tag>}
          {e.link && (
            <Tooltip title={e.link}>
              <Tag icon={<LinkOutlined />} color="blue">
                {e.frame ? t("menuManage.framed") : t("menuManage.external")}
              </Tag>
            </Tooltip>
          )}
          {e.permission && e.permission !== "*" && <Tag color="geekblue">{e.permission}</Tag>}
          {e.roles.length > 0 && <Tag color="purple">{e.roles.join(", ")}</Tag>}
        </Space>
        {/* Buttons act on the entry, not on the tree's selection or drag. */}
        <Space size={2} onClick={(ev) => ev.stopPropagation()} onMouseDown={(ev) => ev.stopPropagation()}>
          <AuthButton
            size="small"
            type="link"
            operation={MENU_PERMISSIONS.edit}
            routePermission={MENU_PERMISSIONS.view}
            label={t("menuManage.edit")}
            icon={<EditOutlined />}
            onClick={() => setEditing({ entry: e })}
            data-testid={`menu-edit-${e.name}`}
          />
          <AuthButton
            size="small"
            type="link"
            operation={MENU_PERMISSIONS.edit}
            routePermission={MENU_PERMISSIONS.view}
            label={t("menuManage.addChild")}
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parent: e })}
            data-testid={`menu-add-child-${e.name}`}
          />
          {deleteWhy && canRemove ? (
            <Tooltip title={deleteWhy}>
              <Button
                size="small"
                type="link"
                danger
                disabled
                icon={<DeleteOutlined />}
                data-testid={`menu-delete-${e.name}`}
              >
                {t("common.delete")}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t("menuManage.deleteConfirm", { name: entryTitle(e, i18n.language) })}
              okText={t("common.delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("common.cancel")}
              onConfirm={() => remove(e)}
              disabled={!canRemove}
            >
              <AuthButton
                size="small"
                type="link"
                danger
                operation={MENU_PERMISSIONS.remove}
                routePermission={MENU_PERMISSIONS.view}
                label={t("common.delete")}
                icon={<DeleteOutlined />}
                data-testid={`menu-delete-${e.name}`}
              />
            </Popconfirm>
          )}
        </Space>
      </div>
    );
  };

  return (
    <Card title={t("routes.menuManage")}>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Alert
          type="info"
          showIcon
          title={t("menuManage.note")}
          description={canEdit ? t("menuManage.dragHint") : undefined}
          data-testid="menu-note"
        />
        <Space wrap>
          <AuthButton
            type="primary"
            operation={MENU_PERMISSIONS.edit}
            routePermission={MENU_PERMISSIONS.view}
            label={t("menuManage.addTop")}
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parent: null })}
            data-testid="menu-add-top"
          />
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t("common.refresh")}
          </Button>
          <Button
            icon={<SyncOutlined />}
            loading={applying}
            onClick={() => void applyToMine()}
            data-testid="menu-apply"
          >
            {t("menuManage.applyToMine")}
          </Button>
        </Space>
        {lists.isLoading ? (
          <Spin style={{ display: "block", margin: "48px auto" }} />
        ) : entries.length === 0 ? (
          <Empty />
        ) : (
          <Spin spinning={moving || lists.isFetching}>
            <Tree<Node>
              blockNode
              selectable={false}
              defaultExpandAll
              treeData={nodes}
              draggable={canEdit ? { icon: false } : false}
              titleRender={(n) => title(n.entry)}
              onDrop={async (info) => {
                const pos = info.node.pos.split("-");
                const move = dropMove(entries, {
                  dragId: Number(info.dragNode.key),
                  dropId: Number(info.node.key),
                  dropToGap: info.dropToGap,
                  relative: info.dropPosition - Number(pos[pos.length - 1]),
                  dropOpenWithChildren: info.node.expanded === true && (info.node.children?.length ?? 0) > 0,
                });
                if (!move) return;
                setMoving(true);
                try {
                  await menuApi.sort(move);
                  void message.success(t("menuManage.moved"));
                } catch {
                  // the http client has shown why
                } finally {
                  setMoving(false);
                  refresh();
                }
              }}
              data-testid="menu-tree"
            />
          </Spin>
        )}
      </Space>
      <MenuDrawer editing={editing} entries={entries} onClose={() => setEditing(null)} onSaved={refresh} />
    </Card>
  );
}
