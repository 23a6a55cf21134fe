import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { PAY_SERVICE_KINDS, type PayService, type PayServiceKind } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, type ButtonProps, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { type CatalogueQuery, PAY_PERMISSIONS, payApi } from "./api";
import { durationText, formatMoney, KIND_COLORS, nameOf, quantityText } from "./format";
import { ServiceDrawer } from "./ServiceDrawer";

/** The seller's catalogue (volList?mine=1): every service it sells, withdrawn ones included, paged by the server. */
export function CatalogueTab() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CatalogueQuery>({});
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [editing, setEditing] = useState<PayService | "new" | null>(null);

  const list = useQuery({
    queryKey: ["pay", "catalogue", filters, page],
    queryFn: () => payApi.catalogue(filters, page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["pay"] });
  const set = (patch: CatalogueQuery) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  const remove = (s: PayService) => {
    const name = nameOf(s.name, i18n.language, s.code);
    modal.confirm({
      title: t("pay.catalogue.deleteTitle", { name }),
      content: t("pay.catalogue.deleteHint"),
      okText: t("common.delete"),
      okButtonProps: { danger: true, "data-testid": "pay-service-delete-ok" } as ButtonProps,
      cancelText: t("common.cancel"),
      onOk: async () => {
        const res = await payApi.remove(s.id);
        void message.success(
          res.deleted ? t("pay.catalogue.deleted", { name }) : t("pay.catalogue.withdrawn", { name }),
        );
        refresh();
      },
    });
  };

  const columnsAll: FitColumns<PayService> = [
    { key: "code", drop: 2, title: t("pay.catalogue.columns.code"), dataIndex: "code", width: 140 },
    {
      key: "name",
      width: 160,
      title: t("pay.catalogue.columns.name"),
      ellipsis: true,
      render: (_, s) => nameOf(s.name, i18n.language, s.code),
    },
    {
      key: "kind",
      title: t("pay.catalogue.columns.kind"),
      width: 150,
      render: (_, s) => <Tag color={KIND_COLORS[s.kind]}>{t(`pay.kind.${s.kind}`)}</Tag>,
    },
    {
      key: "quantity",
      title: t("pay.catalogue.columns.quantity"),
      width: 150,
      render: (_, s) => quantityText(s, t, i18n.language),
    },
    {
      key: "price",
      title: t("pay.catalogue.columns.price"),
      width: 130,
      align: "right",
      render: (_, s) => formatMoney(s.priceCents, s.currency, i18n.language),
    },
    {
      key: "duration",
      drop: 1,
      title: t("pay.catalogue.columns.duration"),
      width: 110,
      render: (_, s) => durationText(s.durationDays, t),
    },
    {
      key: "state",
      title: t("pay.catalogue.columns.state"),
      width: 110,
      render: (_, s) => (
        <Tag color={s.enabled ? "green" : "default"} data-testid={`pay-service-state-${s.code}`}>
          {s.enabled ? t("pay.catalogue.enabled") : t("pay.catalogue.disabled")}
        </Tag>
      ),
    },
    {
      key: "actions",
      title: t("pay.catalogue.columns.actions"),
      width: 170,
      fixed: "right",
      render: (_, s) => (
        <Space size={0}>
          <AuthButton
            type="link"
            size="small"
            operation={PAY_PERMISSIONS.edit}
            routePermission={PAY_PERMISSIONS.view}
            label={t("pay.catalogue.edit")}
            onClick={() => setEditing(s)}
            data-testid={`pay-service-edit-${s.code}`}
          />
          <AuthButton
            type="link"
            size="small"
            danger
            operation={PAY_PERMISSIONS.edit}
            routePermission={PAY_PERMISSIONS.view}
            label={t("pay.catalogue.delete")}
            onClick={() => remove(s)}
            data-testid={`pay-service-delete-${s.code}`}
          />
        </Space>
      ),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="pay-catalogue">
      <Space wrap>
        <AuthButton
          type="primary"
          icon={<PlusOutlined />}
          operation={PAY_PERMISSIONS.edit}
          routePermission={PAY_PERMISSIONS.view}
          label={t("pay.catalogue.new")}
          onClick={() => setEditing("new")}
          data-testid="pay-service-new"
        />
        <Input.Search
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          placeholder={t("pay.catalogue.search")}
          allowClear
          maxLength={100}
          style={{ width: 220 }}
          aria-label={t("pay.catalogue.search")}
          data-testid="pay-catalogue-search"
        />
        <Select<PayServiceKind>
          value={filters.kind}
          onChange={(kind) => set({ kind })}
          allowClear
          placeholder={t("pay.catalogue.columns.kind")}
          options={PAY_SERVICE_KINDS.map((k) => ({ value: k, label: t(`pay.kind.${k}`) }))}
          style={{ width: 180 }}
          aria-label={t("pay.catalogue.columns.kind")}
        />
        <Select<"on" | "off">
          value={filters.enabled === undefined ? undefined : filters.enabled ? "on" : "off"}
          onChange={(v) => set({ enabled: v === undefined ? undefined : v === "on" })}
          allowClear
          placeholder={t("pay.catalogue.columns.state")}
          options={[
            { value: "on", label: t("pay.catalogue.enabled") },
            { value: "off", label: t("pay.catalogue.disabled") },
          ]}
          style={{ width: 140 }}
          aria-label={t("pay.catalogue.columns.state")}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t("common.refresh")} />
        <Typography.Text type="secondary">
          {t("pay.catalogue.count", { total: list.data?.total ?? 0 })}
        </Typography.Text>
      </Space>
      <div ref={columnsFit.ref}>
        <Table<PayService>
          rowKey="id"
          size="small"
          columns={columnsFit.columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          scroll={{ x: columnsFit.scrollX }}
          onRow={(s) => ({ "data-testid": `pay-catalogue-row-${s.code}` }) as object}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
        />
      </div>
      <ServiceDrawer
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(s) => {
          setEditing(null);
          void message.success(t("pay.catalogue.saved", { name: nameOf(s.name, i18n.language, s.code) }));
          refresh();
        }}
      />
    </Space>
  );
}
