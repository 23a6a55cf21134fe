import type { PersonalTenant } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Card,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../material/useCan";
import { brandApi } from "./api";
import { TenantTypeTag } from "./TenantTypeTag";

const PERMISSION = "sys:customer:personalise";

/**
 * Enable customisation (openPersonal, sys/customer/toOpenPersonalPage): the
 * platform switches an agent's or customer's own brand on (personalType 1)
 * or off (it shows its parent's brand).
 */
export default function OpenPersonalPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(PERMISSION, PERMISSION);
  const [filters, setFilters] = useState<{
    name?: string;
    type?: "agent" | "customer";
    personalType?: number;
  }>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [switching, setSwitching] = useState<number | null>(null);
  const query = { ...page, ...filters };
  const list = useQuery({
    queryKey: ["brand", "tenants", "open", query],
    queryFn: () => brandApi.tenants(query),
    placeholderData: keepPreviousData,
  });

  const toggle = async (row: PersonalTenant, on: boolean) => {
    setSwitching(row.id);
    try {
      await brandApi.openPersonal(row.id, on ? 1 : 0);
      void message.success(t(on ? "brand.open.enabledDone" : "brand.open.disabledDone", { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: ["brand"] });
    } catch {
      // the http client has shown why
    } finally {
      setSwitching(null);
    }
  };

  const columns: TableColumnsType<PersonalTenant> = [
    { key: "name", title: t("brand.columns.name"), dataIndex: "name" },
    {
      key: "type",
      title: t("brand.columns.type"),
      width: 110,
      render: (_, r) => <TenantTypeTag type={r.type} />,
    },
    { key: "parent", title: t("brand.columns.parent"), dataIndex: "parentName" },
    {
      key: "domain",
      title: t("brand.columns.domain"),
      render: (_, r) => r.secondDomainName ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: "title",
      title: t("brand.columns.title"),
      render: (_, r) => r.title ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: "personalType",
      title: t("brand.columns.personalType"),
      width: 140,
      render: (_, r) => (
        <Switch
          checked={r.personalType === 1}
          checkedChildren={t("brand.open.on")}
          unCheckedChildren={t("brand.open.off")}
          disabled={!canEdit}
          title={canEdit ? undefined : t("common.noPermission")}
          loading={switching === r.id}
          onChange={(on) => void toggle(r, on)}
          aria-label={t("brand.columns.personalType")}
          data-testid="open-personal-switch"
          data-tenant={r.name}
        />
      ),
    },
  ];

  return (
    <Card title={t("routes.openPersonal")}>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon title={t("brand.open.help")} />
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("brand.search")}
            onSearch={(name) => {
              setFilters((f) => ({ ...f, name: name.trim() || undefined }));
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            style={{ width: 260 }}
            data-testid="open-personal-search"
          />
          <Select
            allowClear
            placeholder={t("brand.allTypes")}
            style={{ width: 160 }}
            value={filters.type}
            onChange={(type) => {
              setFilters((f) => ({ ...f, type }));
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={(["agent", "customer"] as const).map((v) => ({
              value: v,
              label: t(`brand.tenantTypes.${v}`),
            }))}
          />
          <Select
            allowClear
            placeholder={t("brand.columns.personalType")}
            style={{ width: 180 }}
            value={filters.personalType}
            onChange={(personalType) => {
              setFilters((f) => ({ ...f, personalType }));
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={[
              { value: 1, label: t("brand.open.on") },
              { value: 0, label: t("brand.open.off") },
            ]}
          />
        </Space>
        <Table<PersonalTenant>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          scroll={{ x: 800 }}
          data-testid="open-personal-table"
        />
      </Space>
    </Card>
  );
}
