import type { ClickDay, ClickRow } from "@marquee/contracts";
import { Space, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import { type StatsRange, statisticsApi } from "./api";
import { anyFigure, dailyOption } from "./charts";
import { PagedCard } from "./PagedCard";
import { usePaging } from "./usePaging";
import { useStats } from "./useStats";

type ClickSort = "clicks" | "program";

/** The Interaction tab: presses of interactive widgets on screens, per day and per program and widget. */
export function InteractionTab({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const [paging, setPaging] = usePaging<ClickSort>(range, { sort: "clicks", order: "desc" });
  const { keyword: _, ...page } = paging;
  const q = useStats("widgetClick", range, () => statisticsApi.widgetClick(range, page), [page]);
  const days = q.data?.series ?? [];
  const rows = anyFigure(days, [(d) => d.clicks]) ? days : [];
  const dayColumns: ChartColumn<ClickDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "clicks", title: t("statistics.clicks.clicks"), value: (r) => r.clicks, align: "right" },
  ];
  const widgetColumns: TableColumnsType<ClickRow> = [
    {
      key: "program",
      title: t("statistics.clicks.program"),
      render: (_, r) => r.programName ?? t("statistics.clicks.deletedProgram", { id: r.programId }),
    },
    {
      key: "widget",
      title: t("statistics.clicks.widget"),
      render: (_, r) =>
        r.widgetName ??
        (r.widgetType ? t(`widget.types.${r.widgetType}`, { defaultValue: r.widgetType }) : r.widgetId),
    },
    {
      key: "type",
      title: t("statistics.widgets.type"),
      render: (_, r) =>
        r.widgetType
          ? t(`widget.types.${r.widgetType}`, { defaultValue: r.widgetType })
          : t("statistics.clicks.goneWidget"),
    },
    { key: "clicks", title: t("statistics.clicks.clicks"), align: "right", render: (_, r) => r.clicks },
    {
      key: "terminalDays",
      title: t("statistics.clicks.terminalDays"),
      align: "right",
      render: (_, r) => r.terminalDays,
    },
  ];
  const total = q.data ? t("statistics.clicks.summary", { total: q.data.totalClicks }) : "";
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <ChartCard<ClickDay>
        title={
          <Space size="small">
            {t("statistics.clicks.title")}
            <span style={{ fontWeight: "normal" }} data-testid="stats-widget-click-summary">
              {total}
            </span>
          </Space>
        }
        testId="stats-widget-click"
        loading={q.isLoading}
        rows={rows}
        rowKey={(r) => r.day}
        columns={dayColumns}
        fileName={`widget-clicks-${range.from}-${range.to}`}
        option={dailyOption(
          rows.map((d) => d.day),
          [{ name: t("statistics.clicks.clicks"), type: "bar", data: rows.map((d) => d.clicks) }],
          [t("statistics.unit.clicks")],
        )}
      />
      <PagedCard<ClickRow, ClickSort>
        title={t("statistics.clicks.perWidget")}
        testId="stats-widget-click-list"
        rows={q.data?.list ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey={(r) => `${r.programId}/${r.widgetId}`}
        columns={widgetColumns}
        sortable={["clicks", "program"]}
        defaultSort="clicks"
        paging={paging}
        onPaging={setPaging}
      />
    </Space>
  );
}
