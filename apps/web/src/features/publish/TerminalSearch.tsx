import { type PublicationKind, TERMINAL_VIEW_STATUS, type TerminalViewStatus } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Input, Select, Space, Table, type TableColumnsType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { StatusDot } from "../terminal/StatusDot";
import { publishApi, type SelectableTerminal } from "./api";
import type { Chosen } from "./selection";

/** Terminals by name and status (terminalSelect), server paged; the chosen rows stay chosen across pages. */
export function TerminalSearch({
  kind,
  chosen,
  onChange,
}: {
  kind: PublicationKind;
  chosen: ReadonlyMap<number, Chosen>;
  onChange: (terminals: Map<number, Chosen>) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [status, setStatus] = useState<TerminalViewStatus | undefined>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const query = { ...page, name: name || undefined, status };
  const list = useQuery({
    queryKey: ["publish", "terminalSelect", kind, query],
    queryFn: () => publishApi.terminalSelect(kind, query),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<SelectableTerminal> = [
    { key: "name", title: t("publish.columns.terminal"), dataIndex: "name", ellipsis: true },
    {
      key: "place",
      title: t("publish.columns.office"),
      ellipsis: true,
      render: (_, r) => [r.officeName, r.groupName].filter(Boolean).join(" / ") || "-",
    },
    {
      key: "status",
      title: t("publish.columns.status"),
      width: 130,
      render: (_, r) => <StatusDot status={r.status} />,
    },
  ];
  return (
    <div data-testid="publish-terminal-search">
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t("publish.picker.searchTerminals")}
          onSearch={(v) => {
            setName(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 260 }}
          data-testid="publish-terminal-search-name"
        />
        <Select<TerminalViewStatus>
          allowClear
          placeholder={t("publish.columns.status")}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={TERMINAL_VIEW_STATUS.map((s) => ({ value: s, label: t(`terminal.status.${s}`) }))}
          style={{ width: 160 }}
        />
      </Space>
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title={t("publish.picker.loadFailed")} />
      ) : (
        <Table<SelectableTerminal>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          rowSelection={rowSelectionAcrossPages<Chosen>(chosen, onChange)}
          pagination={serverPagination({
            pageNo: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          })}
          locale={{ emptyText: t("publish.picker.noTerminalFound") }}
        />
      )}
    </div>
  );
}
