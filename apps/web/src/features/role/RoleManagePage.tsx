import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { RoleSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { serverPagination, useLastFilledPage } from "../../components/listSelection";
import { formatTime } from "../program/format";
import { ROLE_PERMISSIONS, roleApi } from "./api";
import { RoleDrawer } from "./RoleDrawer";
import { TenantSelect, TenantTag } from "./TenantSelect";

const NO_ROWS: RoleSummary[] = [];

/** Role management (roleManage, sys/role): the roles of each tenant in range and the permissions they carry. */
export default function RoleManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canRemove = useCan(ROLE_PERMISSIONS.remove, ROLE_PERMISSIONS.view);
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState<{ keyword: string; officeId: number | undefined }>({
    keyword: "",
    officeId: undefined,
  });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const [drawer, setDrawer] = useState<{ open: boolean; roleId: number | null }>({
    open: false,
    roleId: null,
  });

  const query = { ...page, keyword: filters.keyword || undefined, officeId: filters.officeId };
  const list = useQuery({
    queryKey: ["role", "list", query],
    queryFn: () => roleApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["role"] }),
    [queryClient],
  );
  useLastFilledPage(list.data, page.pageNo, setPage);

  const changeFilters = (f: typeof filters) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  const remove = async (r: RoleSummary) => {
    try {
      await roleApi.remove(r.id);
      void message.success(t("role.deleted", { name: r.name }));
      refresh();
    } catch {
      // the http client has shown why
    }
  };

  const columnsAll: FitColumns<RoleSummary> = [
    {
      key: "name",
      title: t("role.columns.name"),
      width: 220,
      render: (_, r) => (
        <Space size={6} wrap>
          <Typography.Text strong>
            {/* The first start names it in English (modules/common/init.ts); read it in the reader's language. */}
            {r.builtIn && r.allPermissions && r.name === "Administrator" ? t("role.seededAdmin") : r.name}
          </Typography.Text>
          {r.builtIn && <Tag color="purple">{t("role.builtIn")}</Tag>}
        </Space>
      ),
    },
    { key: "code", drop: 1, title: t("role.columns.code"), dataIndex: "code", width: 140 },
    {
      key: "tenant",
      drop: 4,
      title: t("role.columns.tenant"),
      width: 220,
      render: (_, r) => (
        <Space size={6}>
          <span>{r.officeName}</span>
          <TenantTag type={r.officeType} />
        </Space>
      ),
    },
    {
      key: "description",
      drop: 5,
      width: 200,
      title: t("role.columns.description"),
      dataIndex: "description",
      ellipsis: true,
    },
    {
      key: "permissions",
      drop: 3,
      title: t("role.columns.permissions"),
      width: 120,
      render: (_, r) =>
        r.allPermissions ? <Tag color="gold">{t("role.allPermissions")}</Tag> : r.permissionCount,
    },
    { key: "users", title: t("role.columns.users"), dataIndex: "userCount", width: 130 },
    {
      key: "updated",
      drop: 2,
      title: t("role.columns.updated"),
      width: 170,
      render: (_, r) => formatTime(r.updateDate),
    },
    {
      key: "actions",
      title: t("role.columns.actions"),
      width: 200,
      render: (_, r) => {
        const why = r.builtIn
          ? t("role.builtInNoDelete")
          : r.userCount > 0
            ? t("role.inUseNoDelete", { count: r.userCount })
            : null;
        return (
          <Space size={4}>
            <AuthButton
              size="small"
              operation={ROLE_PERMISSIONS.edit}
              routePermission={ROLE_PERMISSIONS.view}
              label={t("role.edit")}
              icon={<EditOutlined />}
              onClick={() => setDrawer({ open: true, roleId: r.id })}
              data-testid={`role-edit-${r.id}`}
            />
            {why && canRemove ? (
              <Tooltip title={why}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled
                  data-testid={`role-delete-${r.id}`}
                >
                  {t("common.delete")}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t("role.deleteConfirm", { name: r.name })}
                okText={t("common.delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("common.cancel")}
                onConfirm={() => remove(r)}
                disabled={!canRemove}
              >
                <AuthButton
                  size="small"
                  danger
                  operation={ROLE_PERMISSIONS.remove}
                  routePermission={ROLE_PERMISSIONS.view}
                  label={t("common.delete")}
                  icon={<DeleteOutlined />}
                  data-testid={`role-delete-${r.id}`}
                />
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Card title={t("routes.roleManage")}>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          <AuthButton
            type="primary"
            operation={ROLE_PERMISSIONS.edit}
            routePermission={ROLE_PERMISSIONS.view}
            label={t("role.newRole")}
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true, roleId: null })}
            data-testid="role-new"
          />
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t("common.refresh")}
          </Button>
        </Space>
        <Space wrap>
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === "") changeFilters({ ...filters, keyword: "" });
            }}
            onSearch={(v) => changeFilters({ ...filters, keyword: v.trim() })}
            placeholder={t("role.search")}
            aria-label={t("role.search")}
            style={{ width: 260 }}
            data-testid="role-search"
          />
          <TenantSelect
            allowClear
            value={filters.officeId}
            onChange={(officeId) => changeFilters({ ...filters, officeId })}
            placeholder={t("role.allTenants")}
            style={{ width: 260 }}
            testId="role-tenant-filter"
          />
        </Space>
        <div ref={columnsFit.ref}>
          <Table<RoleSummary>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            columns={columnsFit.columns}
            dataSource={list.data?.list ?? NO_ROWS}
            pagination={serverPagination({
              pageNo: page.pageNo,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            })}
            scroll={{ x: columnsFit.scrollX }}
            data-testid="role-table"
          />
        </div>
      </Space>
      <RoleDrawer
        open={drawer.open}
        roleId={drawer.roleId}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={refresh}
      />
    </Card>
  );
}
