import type { StrategySummary, TerminalSummary, TerminalViewStatus } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Input, Modal, Select, Space, Table, type TableColumnsType, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { terminalApi } from "../terminal/api";
import { StatusDot } from "../terminal/StatusDot";
import { findNode } from "../terminal/tree";
import type { useOfficeTree } from "../terminal/useOfficeTree";
import { strategyApi } from "./api";

/** The statuses worth choosing from: a screen waiting for authorisation cannot follow a strategy. */
const STATUSES: TerminalViewStatus[] = ["online", "offline", "fault", "disabled"];

/**
 * Chooses screens to relate to a strategy from the caller's terminals (terminal/list, paged on the server),
 * within the strategy's tenant when the caller's office tree holds it; the choice stays across pages.
 */
export function TerminalChooser({
  open,
  strategy,
  offices,
  onClose,
  onRelated,
}: {
  open: boolean;
  strategy: StrategySummary;
  offices: ReturnType<typeof useOfficeTree>;
  onClose: () => void;
  onRelated: (related: number, moved: number) => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<TerminalViewStatus | undefined>();
  const [chosen, setChosen] = useState<Map<number, TerminalSummary>>(new Map());
  const [saving, setSaving] = useState(false);
  // Screens of another tenant cannot follow it: list the tenant's when the caller sees its office.
  const officeId = findNode(offices.tree, strategy.tenantId) ? strategy.tenantId : undefined;

  useEffect(() => {
    if (open) setChosen(new Map());
  }, [open]);

  const query = {
    ...page,
    keyword: keyword || undefined,
    officeId,
    includeChildren: true,
    status,
    sort: "name" as const,
    order: "asc" as const,
  };
  const list = useQuery({
    queryKey: ["strategy", "chooser", query],
    queryFn: () => terminalApi.list(query),
    placeholderData: keepPreviousData,
    enabled: open,
  });

  const relate = async () => {
    setSaving(true);
    try {
      const answer = await strategyApi.relate(strategy.id, [...chosen.keys()]);
      await onRelated(answer.related, answer.moved);
    } catch {
      // the http client showed the refusal
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<TerminalSummary> = [
    { key: "name", title: t("strategy.related.columns.name"), dataIndex: "name", ellipsis: true },
    {
      key: "place",
      title: t("strategy.related.columns.office"),
      ellipsis: true,
      render: (_, r) => [r.officeName, r.groupName].filter(Boolean).join(" / ") || "-",
    },
    {
      key: "status",
      title: t("strategy.related.columns.status"),
      width: 120,
      render: (_, r) => <StatusDot status={r.status} />,
    },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={() => void relate()}
      okText={t("strategy.picker.ok", { count: chosen.size })}
      okButtonProps={{ disabled: chosen.size === 0, loading: saving, "data-testid": "strategy-picker-ok" }}
      title={t("strategy.picker.title", { name: strategy.name })}
      width={760}
      data-testid="strategy-picker"
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("strategy.picker.hint")}</Typography.Text>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t("strategy.picker.search")}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            style={{ width: 260 }}
            data-testid="strategy-picker-search"
          />
          <Select<TerminalViewStatus>
            allowClear
            placeholder={t("strategy.related.columns.status")}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`terminal.status.${s}`) }))}
            style={{ width: 160 }}
          />
        </Space>
        {list.isError && !list.data ? (
          <Alert type="error" showIcon title={t("strategy.picker.failed")} />
        ) : (
          <Table<TerminalSummary>
            size="small"
            rowKey="id"
            loading={list.isFetching}
            columns={columns}
            dataSource={(list.data?.list ?? []).filter((r) => r.state !== "pending")}
            rowSelection={rowSelectionAcrossPages(chosen, setChosen)}
            pagination={serverPagination({
              pageNo: page.pageNo,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            })}
            locale={{ emptyText: t("strategy.picker.empty") }}
          />
        )}
      </Space>
    </Modal>
  );
}
