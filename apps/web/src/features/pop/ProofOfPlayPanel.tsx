import { DownOutlined } from "@ant-design/icons";
import type {
  Permission,
  PopBy,
  PopExportView,
  PopPlay,
  PopSeriesPoint,
  PopSummaryRow,
} from "@marquee/contracts";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Dropdown,
  Segmented,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import { dateTime } from "../../components/dateTime";
import type { ChartOption } from "../../components/EChart";
import { HttpError } from "../../services/http";
import { readFilters } from "../statistics/filters";
import { type PopFilters, popApi } from "./api";
import { MaterialPicker, ProgramPicker, TerminalPicker } from "./pickers";

const ROUTE: Permission = "stats:data:view";
const EXPORT: Permission = "stats:proofOfPlay:export";
const BY: readonly PopBy[] = ["program", "material", "terminal", "office"];
const DETAIL_SIZE = 50;

/** Hours of milliseconds, to one decimal (the chart and the table read hours). */
export const hoursOf = (ms: number) => Math.round(ms / 360_000) / 10;
/** A duration as h:mm:ss. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Proof of play (a tab of data statistics): what played where, when and for
 * how long. The days, office and group come from the page's filter bar (the
 * link); the panel adds its own choice of program, material and terminal, the
 * grouping, a daily chart, the summary table (paged on the server), the raw
 * plays (a cursor, "Load more") and the exports.
 */
export function ProofOfPlayPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const page = useMemo(() => readFilters(params), [params]);
  const canPrograms = useCan("content:program:view", ROUTE);
  const canMaterials = useCan("content:material:view", ROUTE);
  const canTerminals = useCan("terminal:device:view", ROUTE);
  const [by, setBy] = useState<PopBy>("program");
  const [own, setOwn] = useState<Pick<PopFilters, "programId" | "materialId" | "terminalId">>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ sort: "plays" | "duration"; order: "asc" | "desc" }>({
    sort: "plays",
    order: "desc",
  });
  const [exporting, setExporting] = useState(false);

  const filters: PopFilters = { ...page, ...own };
  const setOwnFilter = (f: Partial<PopFilters>) => {
    setOwn({ ...own, ...f });
    setPaging({ ...paging, pageNo: 1 });
  };

  const summary = useQuery({
    queryKey: ["pop", "summary", filters, by, paging, sort],
    queryFn: () => popApi.summary({ ...filters, by, ...paging, ...sort }),
    placeholderData: keepPreviousData,
  });
  const kind = summary.data?.kind;
  // The plays listed are of the kind the summary counts (program plays, or material plays).
  const detailFilters: PopFilters = { ...filters, kind: by === "material" ? "media" : "scene" };
  const detail = useInfiniteQuery({
    queryKey: ["pop", "detail", detailFilters],
    queryFn: ({ pageParam }) =>
      popApi.detail({ ...detailFilters, size: DETAIL_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: "",
    getNextPageParam: (last) => (last.more && last.cursor ? last.cursor : undefined),
  });
  const plays = useMemo(() => detail.data?.pages.flatMap((p) => p.list) ?? [], [detail.data]);

  const series = summary.data?.series ?? [];
  const hasPlays = series.some((p) => p.plays > 0);
  const chartColumns: ChartColumn<PopSeriesPoint>[] = [
    { key: "day", title: t("pop.chart.day"), value: (r) => r.day },
    { key: "plays", title: t("pop.chart.plays"), value: (r) => r.plays, align: "right" },
    { key: "hours", title: t("pop.chart.hours"), value: (r) => hoursOf(r.ms), align: "right" },
  ];
  const option: ChartOption = {
    tooltip: { trigger: "axis" },
    legend: { top: 0, data: [t("pop.chart.plays"), t("pop.chart.hours")] },
    grid: { left: 48, right: 48, top: 40, bottom: 32 },
    xAxis: { type: "category", data: series.map((p) => p.day) },
    yAxis: [
      { type: "value", name: t("pop.chart.plays"), minInterval: 1 },
      { type: "value", name: t("pop.chart.hours") },
    ],
    series: [
      { name: t("pop.chart.plays"), type: "bar", data: series.map((p) => p.plays) },
      { name: t("pop.chart.hours"), type: "line", yAxisIndex: 1, data: series.map((p) => hoursOf(p.ms)) },
    ],
  };

  const order = (key: "plays" | "duration") =>
    sort.sort === key ? (sort.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const summaryColumns: TableColumnsType<PopSummaryRow> = [
    {
      key: "name",
      title: t(`pop.by.${by}`),
      render: (_, r) => (
        <Space size={4}>
          <span>{r.name}</span>
          {r.deleted && <Tag>{t("pop.deleted")}</Tag>}
        </Space>
      ),
    },
    {
      key: "plays",
      dataIndex: "plays",
      title: t("pop.col.plays"),
      align: "right",
      sorter: true,
      sortOrder: order("plays"),
    },
    {
      key: "duration",
      title: t("pop.col.duration"),
      align: "right",
      sorter: true,
      sortOrder: order("duration"),
      render: (_, r) => durationText(r.ms),
    },
    { key: "terminals", dataIndex: "terminals", title: t("pop.col.terminals"), align: "right" },
    { key: "firstDay", dataIndex: "firstDay", title: t("pop.col.firstDay") },
    { key: "lastDay", dataIndex: "lastDay", title: t("pop.col.lastDay") },
  ];
  const detailColumns: TableColumnsType<PopPlay> = [
    { key: "at", title: t("pop.col.time"), render: (_, r) => dateTime(r.at) },
    { key: "terminal", dataIndex: "terminalName", title: t("pop.col.terminal") },
    { key: "program", dataIndex: "programName", title: t("pop.col.program") },
    { key: "scene", dataIndex: "sceneId", title: t("pop.col.scene") },
    { key: "material", title: t("pop.col.material"), render: (_, r) => r.materialName ?? "-" },
    { key: "duration", title: t("pop.col.duration"), align: "right", render: (_, r) => durationText(r.ms) },
  ];

  const download = async (view: PopExportView, format: "xlsx" | "csv") => {
    setExporting(true);
    try {
      const name = await popApi.export({ ...filters, view, format, ...sort });
      void message.success(t("pop.export.done", { name }));
    } catch (err) {
      void message.error(err instanceof HttpError ? err.message : t("pop.export.failed"));
    } finally {
      setExporting(false);
    }
  };
  const exportItems = [
    { key: "xlsx", label: t("pop.export.summaryXlsx"), view: `summary-${by}`, format: "xlsx" },
    { key: "csv", label: t("pop.export.summaryCsv"), view: `summary-${by}`, format: "csv" },
    { key: "detail-xlsx", label: t("pop.export.detailXlsx"), view: "detail", format: "xlsx" },
    { key: "detail-csv", label: t("pop.export.detailCsv"), view: "detail", format: "csv" },
  ] as const;

  const totals = summary.data?.totals;
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="pop-panel">
      <Space wrap size="middle" style={{ width: "100%", justifyContent: "space-between" }}>
        <Space wrap size="small">
          <Segmented
            value={by}
            onChange={(v) => {
              setBy(v as PopBy);
              setPaging({ ...paging, pageNo: 1 });
            }}
            options={BY.map((b) => ({ value: b, label: t(`pop.by.${b}`) }))}
            data-testid="pop-by"
          />
          {canPrograms && (
            <ProgramPicker value={own.programId} onChange={(programId) => setOwnFilter({ programId })} />
          )}
          {canMaterials && (
            <MaterialPicker value={own.materialId} onChange={(materialId) => setOwnFilter({ materialId })} />
          )}
          {canTerminals && (
            <TerminalPicker value={own.terminalId} onChange={(terminalId) => setOwnFilter({ terminalId })} />
          )}
        </Space>
        <Dropdown
          trigger={["click"]}
          disabled={exporting}
          menu={{
            items: exportItems.map((i) => ({
              key: i.key,
              label: <span data-testid={`pop-export-${i.key}`}>{i.label}</span>,
            })),
            onClick: ({ key }) => {
              const item = exportItems.find((i) => i.key === key);
              if (item) void download(item.view as PopExportView, item.format);
            },
          }}
        >
          <AuthButton
            operation={EXPORT}
            routePermission={ROUTE}
            label={t("pop.export.button")}
            loading={exporting}
            icon={<DownOutlined />}
            iconPlacement="end"
            data-testid="pop-export"
          />
        </Dropdown>
      </Space>

      <Space size="large" wrap>
        <Statistic title={t("pop.totals.plays")} value={totals?.plays ?? 0} data-testid="pop-total-plays" />
        <Statistic title={t("pop.totals.duration")} value={durationText(totals?.ms ?? 0)} />
        <Statistic title={t("pop.totals.terminals")} value={totals?.terminals ?? 0} />
        {summary.data && (
          <Typography.Text type="secondary">
            {t(`pop.kind.${kind ?? "scene"}`)} · {t("pop.daysIn", { zone: summary.data.timezone })}
          </Typography.Text>
        )}
      </Space>

      <ChartCard<PopSeriesPoint>
        title={t("pop.chart.title")}
        testId="pop-chart"
        option={option}
        columns={chartColumns}
        rows={hasPlays ? series : []}
        rowKey={(r) => r.day}
        fileName={`proof-of-play-${filters.from}-${filters.to}`}
        loading={summary.isLoading}
      />

      <Card title={t("pop.summary.title", { by: t(`pop.by.${by}`) })} size="small">
        <Table<PopSummaryRow>
          size="small"
          rowKey="id"
          columns={summaryColumns}
          dataSource={summary.data?.list ?? []}
          loading={summary.isFetching}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: summary.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t("pop.summary.total", { n }),
          }}
          onChange={(p, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = s?.columnKey === "duration" ? "duration" : "plays";
            setSort({ sort: key, order: s?.order === "ascend" ? "asc" : "desc" });
            setPaging({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? paging.pageSize });
          }}
          data-testid="pop-summary-table"
        />
      </Card>

      <Card title={t("pop.detail.title")} size="small">
        <Table<PopPlay>
          size="small"
          rowKey="id"
          columns={detailColumns}
          dataSource={plays}
          loading={detail.isFetching && !detail.isFetchingNextPage}
          pagination={false}
          data-testid="pop-detail-table"
        />
        <div style={{ textAlign: "center", marginTop: 12 }}>
          {detail.hasNextPage ? (
            <Button
              onClick={() => void detail.fetchNextPage()}
              loading={detail.isFetchingNextPage}
              data-testid="pop-detail-more"
            >
              {t("pop.detail.more")}
            </Button>
          ) : (
            plays.length > 0 && <Typography.Text type="secondary">{t("pop.detail.end")}</Typography.Text>
          )}
        </div>
      </Card>
    </Space>
  );
}
