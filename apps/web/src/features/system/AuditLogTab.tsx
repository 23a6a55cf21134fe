import { DownloadOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { AUDIT_RESULTS, type AuditLogRow, type AuditResult, type Permission } from "@marquee/contracts";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { downloadLogExport, logApi, type TargetNames } from "./api";
import { useAuditNames } from "./auditNames";
import { LoadMore } from "./LoadMore";
import { browserTimeZone, EMPTY_LOG_FILTERS, type LogFilterValues, toLogQuery } from "./logFilters";

export const LOG_PERMISSIONS = { view: "sys:log:view", export: "sys:log:export" } as const satisfies Record<
  string,
  Permission
>;
/** Rows per slice of the infinite scroll. */
export const LOG_SLICE = 50;
const NO_ROWS: AuditLogRow[] = [];
const NO_NAMES: TargetNames = {};
const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm:ss");

const RESULT_COLOURS: Record<AuditResult, string> = {
  ok: "success",
  fail: "error",
  pending: "processing",
  interrupted: "warning",
};

function ResultTag({ result }: { result: AuditResult }) {
  const { t } = useTranslation();
  const tag = <Tag color={RESULT_COLOURS[result]}>{t(`system.log.${result}`)}</Tag>;
  // "Interrupted" says what it means on hover: the change may or may not have been made.
  return result === "interrupted" ? <Tooltip title={t("system.log.interruptedHint")}>{tag}</Tooltip> : tag;
}

/** One log row in full: who, what, from where, how long, and the details the call recorded. */
function LogDetails({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const named = useAuditNames();
  const details = useQuery({
    queryKey: ["system", "log", "details", id],
    queryFn: () => logApi.details(id as number),
    enabled: id !== null,
  });
  const log = details.data?.log;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={id !== null ? t("system.log.details.title", { id }) : ""}
      data-testid="log-details"
    >
      {details.isError ? (
        <Alert type="error" showIcon title={t("system.log.details.failed")} />
      ) : !log ? (
        <Spin style={{ display: "block", marginTop: 80 }} />
      ) : (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: "time", label: t("system.log.columns.time"), children: when(log.createDate) },
              { key: "user", label: t("system.log.columns.user"), children: <Caller row={log} /> },
              { key: "action", label: t("system.log.columns.action"), children: named.action(log.action) },
              {
                key: "request",
                label: t("system.log.details.request"),
                children: `${log.method} ${log.path}`,
              },
              {
                key: "target",
                label: t("system.log.columns.target"),
                children: log.target ? named.target(log.target, log.action, details.data?.names) : "-",
              },
              {
                key: "result",
                label: t("system.log.columns.result"),
                children: (
                  <Space>
                    <ResultTag result={log.result} />
                    {log.status}
                  </Space>
                ),
              },
              { key: "ip", label: t("system.log.columns.ip"), children: log.ip ?? "-" },
              {
                key: "duration",
                label: t("system.log.columns.duration"),
                children: log.durationMs,
              },
              {
                key: "userAgent",
                label: t("system.log.details.userAgent"),
                children: log.userAgent ?? "-",
              },
            ]}
          />
          <Typography.Title level={5}>{t("system.log.details.detail")}</Typography.Title>
          {log.detail ? (
            <pre
              data-testid="log-details-json"
              style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 360, overflow: "auto" }}
            >
              {JSON.stringify(log.detail, null, 2)}
            </pre>
          ) : (
            <Typography.Text type="secondary">{t("system.log.details.none")}</Typography.Text>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** The audit trail: filters, an infinitely scrolling table, details, and the export of what the filters find. */
export function AuditLogTab() {
  const { t, i18n } = useTranslation();
  const named = useAuditNames();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<LogFilterValues>(EMPTY_LOG_FILTERS);
  const [user, setUser] = useState("");
  const [detailId, setDetailId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = toLogQuery(filters);

  const actions = useQuery({ queryKey: ["system", "log", "actions"], queryFn: logApi.actions });
  const list = useInfiniteQuery({
    queryKey: ["system", "log", "rows", query],
    queryFn: ({ pageParam }) => logApi.scroll(query, pageParam, LOG_SLICE),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? last.lastId : undefined),
  });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? NO_ROWS, [list.data]);
  const names = useMemo<TargetNames>(
    () => (list.data ? Object.assign({}, ...list.data.pages.map((p) => p.names)) : NO_NAMES),
    [list.data],
  );
  // The filter offers the actions by name, in alphabetical order of the reader's language.
  const actionOptions = useMemo(
    () =>
      (actions.data?.list ?? [])
        .map((a) => ({ value: a, label: named.action(a) }))
        .sort((x, y) => x.label.localeCompare(y.label, i18n.language.replace("_", "-"))),
    [actions.data, named, i18n.language],
  );
  const total = list.data?.pages[0]?.total ?? 0;
  // A large total is the database's estimate, shown as "about N".
  const totalEstimated = list.data?.pages[0]?.totalEstimated === true;

  const set = (patch: Partial<LogFilterValues>) => setFilters((f) => ({ ...f, ...patch }));
  const reset = () => {
    setUser("");
    setFilters(EMPTY_LOG_FILTERS);
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["system", "log"] });
  const exportRows = async () => {
    setExporting(true);
    try {
      const name = await downloadLogExport(query, browserTimeZone());
      void message.success(t("system.log.exported", { name }));
    } catch (err) {
      void message.error(t("system.log.exportFailed", { reason: (err as Error).message }));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AuditLogRow> = [
    { key: "time", title: t("system.log.columns.time"), width: 170, render: (_, r) => when(r.createDate) },
    { key: "user", title: t("system.log.columns.user"), width: 150, render: (_, r) => <Caller row={r} /> },
    {
      key: "action",
      title: t("system.log.columns.action"),
      ellipsis: true,
      render: (_, r) => named.action(r.action),
    },
    {
      key: "target",
      title: t("system.log.columns.target"),
      ellipsis: true,
      render: (_, r) => (r.target ? named.target(r.target, r.action, names) : "-"),
    },
    {
      key: "result",
      title: t("system.log.columns.result"),
      width: 150,
      // The status beside its result, never broken between its digits.
      render: (_, r) => (
        <Space size={4} wrap>
          <ResultTag result={r.result} />
          <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
            {r.status}
          </Typography.Text>
        </Space>
      ),
    },
    { key: "ip", title: t("system.log.columns.ip"), width: 140, render: (_, r) => r.ip ?? "-" },
    {
      key: "duration",
      title: t("system.log.columns.duration"),
      width: 130,
      align: "right",
      render: (_, r) => r.durationMs,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Input
          value={user}
          onChange={(e) => setUser(e.target.value)}
          onPressEnter={() => set({ username: user })}
          placeholder={t("system.log.filters.user")}
          allowClear
          maxLength={64}
          style={{ width: 180 }}
          aria-label={t("system.log.filters.user")}
          data-testid="log-filter-user"
        />
        <Select<string>
          value={filters.action}
          onChange={(action) => set({ action })}
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("system.log.filters.action")}
          loading={actions.isLoading}
          options={actionOptions}
          style={{ width: 280 }}
          aria-label={t("system.log.filters.action")}
          data-testid="log-filter-action"
        />
        <DatePicker.RangePicker
          showTime
          value={filters.range}
          onChange={(r) => set({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
          placeholder={[t("system.log.filters.from"), t("system.log.filters.to")]}
          data-testid="log-filter-range"
        />
        <Select<AuditResult>
          value={filters.result}
          onChange={(result) => set({ result })}
          allowClear
          placeholder={t("system.log.filters.result")}
          options={AUDIT_RESULTS.map((r) => ({ value: r, label: t(`system.log.${r}`) }))}
          popupMatchSelectWidth={false}
          style={{ width: 140 }}
          aria-label={t("system.log.filters.result")}
          data-testid="log-filter-result"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => set({ username: user })}
          data-testid="log-search"
        >
          {t("system.log.filters.search")}
        </Button>
        <Button onClick={reset} data-testid="log-reset">
          {t("system.log.filters.reset")}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t("common.refresh")} />
        <AuthButton
          operation={LOG_PERMISSIONS.export}
          routePermission={LOG_PERMISSIONS.view}
          label={t("system.log.export")}
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportRows()}
          data-testid="log-export"
        />
      </Space>
      <Typography.Text type="secondary" data-testid="log-count">
        {t(totalEstimated ? "system.log.countAbout" : "system.log.count", { shown: rows.length, total })}
      </Typography.Text>
      <div data-testid="log-table">
        <Table<AuditLogRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isLoading}
          pagination={false}
          onRow={(r) => ({
            onClick: () => setDetailId(r.id),
            style: { cursor: "pointer" },
            "data-testid": `log-row-${r.id}`,
          })}
        />
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          shown={rows.length}
          onMore={() => void list.fetchNextPage()}
          testId="log"
        />
      </div>
      <LogDetails id={detailId} onClose={() => setDetailId(null)} />
    </Space>
  );
}

/** Who made a call: the user, and the API token when the call was made with one. */
function Caller({ row }: { row: Pick<AuditLogRow, "username" | "tokenId"> }) {
  const { t } = useTranslation();
  return (
    <>
      {row.username ?? "-"}
      {row.tokenId !== null && (
        <Tag style={{ marginInlineStart: 6 }} data-testid="audit-token">
          {t("system.log.viaToken", { id: row.tokenId })}
        </Tag>
      )}
    </>
  );
}
