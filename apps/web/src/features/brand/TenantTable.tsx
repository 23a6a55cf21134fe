import type { PersonalTenant } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Card, Input, Select, Space, Table } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { brandApi } from "./api";

/**
 * The agents and customers of the caller's range, searchable by name, type
 * and (optionally) customisation, paged on the server: the list both the
 * domain page and the enable-customisation page work on.
 */
export function TenantTable({
  kind,
  title,
  help,
  columns,
  withPersonalFilter = false,
  testId,
  children,
}: {
  /** Keeps each page's cached pages apart. */
  kind: string;
  title: ReactNode;
  help: ReactNode;
  /** Secondary columns (`drop`) go first on a narrow screen. */
  columns: FitColumns<PersonalTenant>;
  withPersonalFilter?: boolean;
  /** `<testId>-search` and `<testId>-table`. */
  testId: string;
  /** Dialogs of the page. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fit = useFitColumns(columns);
  const [filters, setFilters] = useState<{
    name?: string;
    type?: "agent" | "customer";
    personalType?: number;
  }>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const query = { ...page, ...filters };
  const list = useQuery({
    queryKey: ["brand", "tenants", kind, query],
    queryFn: () => brandApi.tenants(query),
    placeholderData: keepPreviousData,
  });
  const filter = (change: typeof filters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <Card title={title}>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon title={help} />
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("brand.search")}
            onSearch={(name) => filter({ name: name.trim() || undefined })}
            style={{ width: 260 }}
            data-testid={`${testId}-search`}
          />
          <Select
            allowClear
            placeholder={t("brand.allTypes")}
            style={{ width: 160 }}
            value={filters.type}
            onChange={(type) => filter({ type })}
            options={(["agent", "customer"] as const).map((v) => ({
              value: v,
              label: t(`brand.tenantTypes.${v}`),
            }))}
          />
          {withPersonalFilter && (
            <Select
              allowClear
              placeholder={t("brand.columns.personalType")}
              style={{ width: 180 }}
              value={filters.personalType}
              onChange={(personalType) => filter({ personalType })}
              options={[
                { value: 1, label: t("brand.open.on") },
                { value: 0, label: t("brand.open.off") },
              ]}
            />
          )}
        </Space>
        <div ref={fit.ref}>
          <Table<PersonalTenant>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            columns={fit.columns}
            dataSource={list.data?.list ?? []}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
            scroll={{ x: fit.scrollX }}
            data-testid={`${testId}-table`}
          />
        </div>
      </Space>
      {children}
    </Card>
  );
}
