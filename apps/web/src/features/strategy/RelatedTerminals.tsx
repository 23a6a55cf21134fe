import { DisconnectOutlined, LinkOutlined, SendOutlined } from "@ant-design/icons";
import type { RelatedTerminal, StrategySummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { rowSelectionAcrossPages, serverPagination, useLastFilledPage } from "../../components/listSelection";
import { StatusDot } from "../terminal/StatusDot";
import type { useOfficeTree } from "../terminal/useOfficeTree";
import { strategyApi } from "./api";
import { STRATEGY_PERMISSIONS, STRATEGY_ROUTE_PERMISSION } from "./permissions";
import { TerminalChooser } from "./TerminalChooser";

/**
 * The screens following a strategy (in the caller's range), paged on the server with their online state:
 * relate more with a picker, disassociate the selected ones, send the strategy to the selected or to all.
 */
export function RelatedTerminals({
  strategy,
  offices,
  onChanged,
  onSend,
}: {
  strategy: StrategySummary;
  offices: ReturnType<typeof useOfficeTree>;
  onChanged: () => Promise<void> | void;
  onSend: (strategyId: number, terminalIds?: readonly number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const [keyword, setKeyword] = useState("");
  const [selected, setSelected] = useState<Map<number, RelatedTerminal>>(new Map());
  const [choosing, setChoosing] = useState(false);
  const query = { id: strategy.id, ...page, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ["strategy", "related", query],
    queryFn: () => strategyApi.related(query),
    placeholderData: keepPreviousData,
    // Online states move: a glance every 10 s keeps them honest while the tab is open.
    refetchInterval: 10_000,
  });
  useLastFilledPage(list.data, page.pageNo, setPage);

  const changed = async () => {
    setSelected(new Map());
    await queryClient.invalidateQueries({ queryKey: ["strategy", "related"] });
    await onChanged();
  };

  const disassociate = async () => {
    const answer = await strategyApi.disassociate(strategy.id, [...selected.keys()]);
    void message.success(t("strategy.related.removed", { count: answer.released }));
    await changed();
  };

  const fieldName = (f: string) => t(`strategy.fields.${f}`);
  const columns: TableColumnsType<RelatedTerminal> = [
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
    {
      key: "own",
      title: t("strategy.related.columns.own"),
      render: (_, r) =>
        r.overrides.length ? (
          <Tag color="orange" title={t("strategy.related.overridesHint")}>
            {t("strategy.related.overrides", { fields: r.overrides.map(fieldName).join(", ") })}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t("strategy.related.followsAll")}</Typography.Text>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="strategy-related">
      <Space wrap>
        <AuthButton
          type="primary"
          icon={<LinkOutlined />}
          operation={STRATEGY_PERMISSIONS.edit}
          routePermission={STRATEGY_ROUTE_PERMISSION}
          label={t("strategy.related.add")}
          onClick={() => setChoosing(true)}
          data-testid="strategy-relate"
        />
        <Popconfirm
          title={t("strategy.related.removeConfirm", { count: selected.size })}
          onConfirm={disassociate}
          disabled={selected.size === 0}
        >
          <AuthButton
            icon={<DisconnectOutlined />}
            operation={STRATEGY_PERMISSIONS.edit}
            routePermission={STRATEGY_ROUTE_PERMISSION}
            label={t("strategy.related.remove", { count: selected.size })}
            disabled={selected.size === 0}
            data-testid="strategy-disassociate"
          />
        </Popconfirm>
        <AuthButton
          icon={<SendOutlined />}
          operation={STRATEGY_PERMISSIONS.send}
          routePermission={STRATEGY_ROUTE_PERMISSION}
          label={
            selected.size
              ? t("strategy.related.sendSelected", { count: selected.size })
              : t("strategy.related.sendAll")
          }
          disabled={(list.data?.total ?? 0) === 0}
          onClick={() => void onSend(strategy.id, selected.size ? [...selected.keys()] : undefined)}
          data-testid="strategy-related-send"
        />
        <Input.Search
          allowClear
          placeholder={t("strategy.related.search")}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 220 }}
        />
      </Space>
      <Typography.Text type="secondary">{t("strategy.related.hint")}</Typography.Text>
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title={t("strategy.loadFailed")} />
      ) : (
        <Table<RelatedTerminal>
          size="small"
          rowKey="id"
          loading={list.isFetching && !list.data}
          columns={columns}
          dataSource={list.data?.list ?? []}
          rowSelection={rowSelectionAcrossPages(selected, setSelected)}
          pagination={serverPagination({
            pageNo: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          })}
          locale={{ emptyText: t("strategy.related.empty") }}
          data-testid="strategy-related-table"
        />
      )}
      <TerminalChooser
        open={choosing}
        strategy={strategy}
        offices={offices}
        onClose={() => setChoosing(false)}
        onRelated={async (related, moved) => {
          setChoosing(false);
          void message.success(t("strategy.related.related", { related, moved }));
          await changed();
        }}
      />
    </Space>
  );
}
