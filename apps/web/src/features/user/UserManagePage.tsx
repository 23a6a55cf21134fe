import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { Permission, UserRow } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Col,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { useLastFilledPage } from "../../components/listSelection";
import { HttpError } from "../../services/http";
import { useSession } from "../../stores/session";
import { formatTime } from "../program/format";
import { type UserListParams, userApi } from "./api";
import { officeForest } from "./form";
import { ResetPasswordModal } from "./ResetPasswordModal";
import { ServiceAccountsTab } from "./ServiceAccountsTab";
import { UserDrawer } from "./UserDrawer";
import { UserOfficeTree } from "./UserOfficeTree";

const VIEW: Permission = "sys:user:view";
const EDIT: Permission = "sys:user:edit";
const DELETE: Permission = "sys:user:delete";
const SERVICE: Permission = "sys:serviceAccount:manage";
const NO_ROWS: UserRow[] = [];

type EnabledFilter = "all" | "enabled" | "disabled";

/** User management (userManage, sys/user/): the users of the caller's range, by institution. */
export default function UserManagePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const selfId = useSession((s) => s.user?.id);
  const canEdit = useCan(EDIT, VIEW);
  const canService = useCan(SERVICE, VIEW);
  const [tab, setTab] = useState<"users" | "service">("users");
  const [officeId, setOfficeId] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState("");
  const [enabled, setEnabled] = useState<EnabledFilter>("all");
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  const offices = useQuery({ queryKey: ["user", "offices"], queryFn: userApi.offices });
  const officeList = offices.data?.list ?? [];
  const forest = useMemo(() => officeForest(offices.data?.list ?? []), [offices.data]);
  // The role filter offers the roles of the chosen institution's tenant (or the caller's own).
  const roleFilter = useQuery({
    queryKey: ["user", "roleOptions", officeId ?? 0],
    queryFn: () => userApi.roleOptions(officeId),
  });

  const params: UserListParams = {
    ...page,
    officeId,
    keyword: keyword.trim() || undefined,
    enabled: enabled === "all" ? undefined : enabled === "enabled",
    roleId,
  };
  const list = useQuery({
    queryKey: ["user", "list", params],
    queryFn: () => userApi.list(params),
    placeholderData: keepPreviousData,
  });
  useLastFilledPage(list.data, page.pageNo, setPage);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["user"] }),
    [queryClient],
  );
  const firstPage = () => setPage((p) => ({ ...p, pageNo: 1 }));

  const failed = (err: unknown) => {
    const text = err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err);
    if (text !== "logout") void message.error(text);
  };

  const toggle = async (row: UserRow, on: boolean) => {
    setSwitching(row.id);
    try {
      await userApi.setEnabled(row.id, on);
      void message.success(
        on ? t("user.enabledNow", { name: row.name }) : t("user.disabledNow", { name: row.name }),
      );
      refresh();
    } catch (err) {
      failed(err);
    } finally {
      setSwitching(null);
    }
  };

  const remove = (row: UserRow) =>
    modal.confirm({
      title: t("user.deleteTitle", { name: row.name }),
      content: t("user.deleteHint"),
      okText: t("common.delete"),
      okButtonProps: { danger: true, "data-testid": "user-delete-ok" },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await userApi.remove([row.id]);
          void message.success(t("user.deleted", { name: row.name }));
          refresh();
        } catch (err) {
          failed(err);
        }
      },
    });

  const columnsAll: FitColumns<UserRow> = [
    {
      key: "username",
      title: t("user.columns.username"),
      width: 160,
      render: (_, r) => (
        <Space size={4}>
          <Typography.Text strong>{r.username}</Typography.Text>
          {r.id === selfId && <Tag bordered={false}>{t("user.self")}</Tag>}
        </Space>
      ),
    },
    // The name goes last of the secondary columns: the username names the person too.
    { key: "name", drop: 0, title: t("user.columns.name"), dataIndex: "name", width: 140, ellipsis: true },
    {
      key: "office",
      drop: 1,
      title: t("user.columns.office"),
      dataIndex: "officeName",
      width: 160,
      ellipsis: true,
    },
    {
      key: "roles",
      title: t("user.columns.roles"),
      width: 180,
      render: (_, r) =>
        r.roles.length ? (
          r.roles.map((role) => (
            <Tag key={role.id} style={{ marginBottom: 2 }}>
              {/* The administrator role made at first start reads in the reader's language, as on the roles page. */}
              {role.code === "admin" && role.name === "Administrator" ? t("role.seededAdmin") : role.name}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t("user.noRoles")}</Typography.Text>
        ),
    },
    {
      key: "contact",
      drop: 3,
      title: t("user.columns.contact"),
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.email && <Typography.Text ellipsis>{r.email}</Typography.Text>}
          {r.phone && <Typography.Text type="secondary">{r.phone}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: "enabled",
      title: t("user.columns.enabled"),
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          loading={switching === r.id}
          disabled={!canEdit || r.id === selfId}
          title={
            !canEdit ? t("common.noPermission") : r.id === selfId ? t("user.cannotDisableSelf") : undefined
          }
          onChange={(on) => void toggle(r, on)}
          data-testid={`user-enabled-${r.username}`}
        />
      ),
    },
    {
      key: "state",
      drop: 4,
      title: t("user.columns.state"),
      width: 150,
      render: (_, r) => (
        <Space size={2} wrap>
          {r.mustChangePassword && <Tag color="warning">{t("user.mustChange")}</Tag>}
          {r.passwordExpired && <Tag color="error">{t("user.passwordExpired")}</Tag>}
        </Space>
      ),
    },
    {
      key: "lastLogin",
      drop: 2,
      title: t("user.columns.lastLogin"),
      width: 150,
      render: (_, r) =>
        r.lastLoginAt ? (
          <span title={r.lastLoginIp ?? undefined}>{formatTime(r.lastLoginAt)}</span>
        ) : (
          <Typography.Text type="secondary">{t("user.never")}</Typography.Text>
        ),
    },
    {
      key: "actions",
      title: t("user.columns.actions"),
      fixed: "right",
      width: 210,
      // English, French and Russian names of the three actions are wider than the column: they wrap inside it.
      render: (_, r) => (
        <Space size={0} wrap>
          <AuthButton
            type="link"
            size="small"
            operation={EDIT}
            routePermission={VIEW}
            label={t("user.edit")}
            onClick={() => setDrawer({ open: true, id: r.id })}
            data-testid={`user-edit-${r.username}`}
          />
          <AuthButton
            type="link"
            size="small"
            operation={EDIT}
            routePermission={VIEW}
            label={t("user.resetPassword")}
            disabled={r.id === selfId}
            onClick={() => setResetting(r)}
            data-testid={`user-reset-${r.username}`}
          />
          <AuthButton
            type="link"
            size="small"
            danger
            operation={DELETE}
            routePermission={VIEW}
            label={t("common.delete")}
            disabled={r.id === selfId}
            onClick={() => remove(r)}
            data-testid={`user-delete-${r.username}`}
          />
        </Space>
      ),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <UserOfficeTree
          forest={forest}
          loading={offices.isLoading}
          officeId={officeId}
          onSelect={(id) => {
            setOfficeId(id);
            setRoleId(undefined);
            firstPage();
          }}
        />
      </Col>
      <Col xs={24} lg={18}>
        <Card>
          {canService && (
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as "users" | "service")}
              items={[
                { key: "users", label: t("user.service.tabUsers") },
                { key: "service", label: <span data-testid="service-tab">{t("user.service.tab")}</span> },
              ]}
            />
          )}
          {tab === "service" && canService ? (
            <ServiceAccountsTab forest={forest} officeId={officeId} />
          ) : (
            <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
              <Space wrap>
                <AuthButton
                  type="primary"
                  icon={<PlusOutlined />}
                  operation={EDIT}
                  routePermission={VIEW}
                  label={t("user.new")}
                  onClick={() => setDrawer({ open: true, id: null })}
                  data-testid="user-new"
                />
                <Input.Search
                  allowClear
                  placeholder={t("user.searchPlaceholder")}
                  style={{ width: 260 }}
                  onSearch={(v) => {
                    setKeyword(v);
                    firstPage();
                  }}
                  data-testid="user-search"
                />
                <Select<EnabledFilter>
                  value={enabled}
                  style={{ width: 140 }}
                  onChange={(v) => {
                    setEnabled(v);
                    firstPage();
                  }}
                  options={[
                    { value: "all", label: t("user.filter.allStates") },
                    { value: "enabled", label: t("user.filter.enabled") },
                    { value: "disabled", label: t("user.filter.disabled") },
                  ]}
                  data-testid="user-filter-enabled"
                />
                <Select<number>
                  allowClear
                  value={roleId}
                  placeholder={t("user.filter.allRoles")}
                  style={{ width: 180 }}
                  onChange={(v) => {
                    setRoleId(v);
                    firstPage();
                  }}
                  options={(roleFilter.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
                  data-testid="user-filter-role"
                />
                <Button icon={<ReloadOutlined />} onClick={refresh}>
                  {t("common.refresh")}
                </Button>
              </Space>
              <div ref={columnsFit.ref}>
                <Table<UserRow>
                  rowKey="id"
                  size="middle"
                  columns={columnsFit.columns}
                  dataSource={list.data?.list ?? NO_ROWS}
                  loading={list.isFetching}
                  scroll={{ x: columnsFit.scrollX }}
                  onRow={(r) => ({ "data-testid": `user-row-${r.username}` }) as object}
                  pagination={{
                    current: page.pageNo,
                    pageSize: page.pageSize,
                    total: list.data?.total ?? 0,
                    showSizeChanger: true,
                    pageSizeOptions: [10, 20, 50, 100],
                    showTotal: (n) => t("user.total", { count: n }),
                    onChange: (pageNo, pageSize) =>
                      setPage((p) => ({ pageNo: pageSize === p.pageSize ? pageNo : 1, pageSize })),
                  }}
                  data-testid="user-table"
                />
              </div>
            </Space>
          )}
        </Card>
      </Col>
      <UserDrawer
        open={drawer.open}
        editingId={drawer.id}
        defaultOfficeId={officeId}
        offices={officeList}
        forest={forest}
        selfId={selfId}
        onClose={() => setDrawer({ open: false, id: null })}
        onSaved={() => {
          setDrawer({ open: false, id: null });
          refresh();
        }}
      />
      <ResetPasswordModal
        user={resetting}
        onClose={() => {
          setResetting(null);
          refresh();
        }}
      />
    </Row>
  );
}
