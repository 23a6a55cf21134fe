import { DeleteOutlined, PlusOutlined, ReloadOutlined, SendOutlined } from "@ant-design/icons";
import type { StrategySummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Input,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { dateTime } from "../../components/dateTime";
import { rowSelectionAcrossPages, serverPagination, useLastFilledPage } from "../../components/listSelection";
import { CommandDrawer } from "../terminal/CommandDrawer";
import { retryTargets } from "../terminal/outcomes";
import { OfficeSelect } from "../terminal/pickers";
import { useCommandRun } from "../terminal/useCommandRun";
import { useOfficeTree } from "../terminal/useOfficeTree";
import { strategyApi } from "./api";
import { STRATEGY_PERMISSIONS, STRATEGY_ROUTE_PERMISSION } from "./permissions";
import { StrategyDrawer } from "./StrategyDrawer";
import { useDocSummary } from "./useDocSummary";

/** The drawer: closed, a new strategy, or one of the list. */
type Editing = { kind: "closed" } | { kind: "new" } | { kind: "edit"; strategy: StrategySummary };

/**
 * Strategies, a tab of the terminal settings screen: named sets of timed settings (on/off timers,
 * volume by time of day, base volume, brightness) that screens follow and apply by themselves. The list
 * pages on the server; a drawer edits one (with a week's preview) and its related screens; "Send" shows
 * what became of the settings on each screen.
 */
export function StrategyPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canView = useCan(STRATEGY_PERMISSIONS.view, STRATEGY_ROUTE_PERMISSION);
  const offices = useOfficeTree();
  const describe = useDocSummary();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const [name, setName] = useState("");
  const [officeId, setOfficeId] = useState<number | undefined>();
  const [selected, setSelected] = useState<Map<number, StrategySummary>>(new Map());
  const [editing, setEditing] = useState<Editing>({ kind: "closed" });
  const commands = useCommandRun();
  /** The strategy the results drawer is about: a retry sends it again to the screens that failed. */
  const sending = useRef<number | null>(null);

  const query = { ...page, name: name || undefined, officeId };
  const list = useQuery({
    queryKey: ["strategy", "list", query],
    queryFn: () => strategyApi.list(query),
    placeholderData: keepPreviousData,
    enabled: canView,
  });
  useLastFilledPage(list.data, page.pageNo, setPage);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ["strategy"] }), [queryClient]);

  /** Sends the strategy to these screens (all related ones when none are given) and opens the results. */
  const send = useCallback(
    (strategyId: number, terminalIds?: readonly number[]) => {
      sending.current = strategyId;
      // Without ids the server sends to every related screen: one call, whatever the batch helper splits.
      return commands.send(terminalIds ?? [strategyId], "settings", (part) =>
        strategyApi.send(strategyId, terminalIds ? part : undefined),
      );
    },
    [commands.send],
  );
  const retry = useCallback(() => {
    const id = sending.current;
    // The settings of a deleted strategy's screens are sent again as they were (terminalSet/retry).
    if (id === null) return void commands.retry();
    const ids = commands.run ? retryTargets(commands.run.outcomes) : [];
    if (ids.length) void send(id, ids);
  }, [commands.run, commands.retry, send]);

  const remove = async (ids: number[]) => {
    const answer = await strategyApi.remove(ids);
    void message.success(t("strategy.deleted", { count: answer.list.length }));
    setSelected(new Map());
    // The released screens were told their own settings: what became of that on each.
    if (answer.list.length) {
      sending.current = null;
      void commands.follow("settings", answer.list);
    }
    await refresh();
  };

  if (!canView)
    return <Alert type="info" showIcon title={t("strategy.noAccess")} data-testid="strategy-no-access" />;

  const columns: TableColumnsType<StrategySummary> = [
    {
      key: "name",
      title: t("strategy.columns.name"),
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link
            onClick={() => setEditing({ kind: "edit", strategy: s })}
            data-testid="strategy-open"
          >
            {s.name}
          </Typography.Link>
          {s.remarks && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
              {s.remarks}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: "office", title: t("strategy.columns.office"), render: (_, s) => s.officeName ?? "-" },
    {
      key: "doc",
      title: t("strategy.columns.settings"),
      render: (_, s) => (
        <Space size={[4, 4]} wrap>
          {describe(s.doc).map((text) => (
            <Tag key={text}>{text}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: "terminals",
      title: t("strategy.columns.terminals"),
      width: 110,
      render: (_, s) => <span data-testid="strategy-terminal-count">{s.terminalCount}</span>,
    },
    {
      key: "updated",
      title: t("strategy.columns.updated"),
      width: 170,
      render: (_, s) => dateTime(s.updateDate),
    },
    {
      key: "actions",
      title: t("strategy.columns.actions"),
      width: 230,
      render: (_, s) => (
        <Space size="small">
          <Button size="small" onClick={() => setEditing({ kind: "edit", strategy: s })}>
            {t("strategy.edit")}
          </Button>
          <AuthButton
            size="small"
            icon={<SendOutlined />}
            operation={STRATEGY_PERMISSIONS.send}
            routePermission={STRATEGY_ROUTE_PERMISSION}
            label={t("strategy.send")}
            disabled={s.terminalCount === 0}
            onClick={() => void send(s.id)}
            data-testid="strategy-send"
          />
          <Popconfirm
            title={t("strategy.deleteConfirm", { count: 1 })}
            onConfirm={() => remove([s.id])}
            okText={t("strategy.delete")}
          >
            <AuthButton
              size="small"
              danger
              operation={STRATEGY_PERMISSIONS.remove}
              routePermission={STRATEGY_ROUTE_PERMISSION}
              label={t("strategy.delete")}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="strategy-panel">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t("strategy.intro")}
      </Typography.Paragraph>
      <Space wrap>
        <AuthButton
          type="primary"
          icon={<PlusOutlined />}
          operation={STRATEGY_PERMISSIONS.edit}
          routePermission={STRATEGY_ROUTE_PERMISSION}
          label={t("strategy.new")}
          onClick={() => setEditing({ kind: "new" })}
          data-testid="strategy-new"
        />
        <Input.Search
          allowClear
          placeholder={t("strategy.search")}
          onSearch={(v) => {
            setName(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 240 }}
          data-testid="strategy-search"
        />
        <div style={{ width: 240 }}>
          <OfficeSelect
            tree={offices.tree}
            loaded={offices.loaded}
            onLoad={offices.loadChildren}
            value={officeId}
            onChange={(id) => {
              setOfficeId(id);
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
            testId="strategy-office-filter"
          />
        </div>
        {officeId !== undefined && (
          <Button onClick={() => setOfficeId(undefined)}>{t("strategy.allOffices")}</Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} title={t("strategy.reload")} />
        {selected.size > 0 && (
          <Popconfirm
            title={t("strategy.deleteConfirm", { count: selected.size })}
            onConfirm={() => remove([...selected.keys()])}
            okText={t("strategy.delete")}
          >
            <AuthButton
              danger
              icon={<DeleteOutlined />}
              operation={STRATEGY_PERMISSIONS.remove}
              routePermission={STRATEGY_ROUTE_PERMISSION}
              label={t("strategy.deleteSelected", { count: selected.size })}
              data-testid="strategy-delete-selected"
            />
          </Popconfirm>
        )}
      </Space>
      {list.isError && !list.data ? (
        <Alert type="error" showIcon title={t("strategy.loadFailed")} />
      ) : (
        <Table<StrategySummary>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          rowSelection={rowSelectionAcrossPages(selected, setSelected)}
          pagination={serverPagination({
            pageNo: page.pageNo,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          })}
          locale={{ emptyText: t("strategy.empty") }}
          data-testid="strategy-table"
        />
      )}
      <StrategyDrawer
        open={editing.kind !== "closed"}
        strategy={editing.kind === "edit" ? editing.strategy : null}
        offices={offices}
        onClose={() => setEditing({ kind: "closed" })}
        onSaved={(s) => {
          setEditing({ kind: "edit", strategy: s });
          void refresh();
        }}
        onChanged={() => void refresh()}
        onSend={send}
      />
      <CommandDrawer run={commands.run} onRetry={retry} onClose={commands.close} />
    </Space>
  );
}
