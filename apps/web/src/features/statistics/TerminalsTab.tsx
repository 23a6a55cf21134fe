import type {
  OnlineTimeDay,
  OnlineTimeRow,
  StartUpDay,
  StartUpOffice,
  TerminalCountDay,
  TerminalCountOffice,
  TerminalCounts,
} from "@marquee/contracts";
import { Card, Col, Row, Space, Statistic, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import { STATUS_COLORS } from "../terminal/status";
import { type StatsRange, statisticsApi } from "./api";
import { anyFigure, categoryOption, dailyOption, officeStatusSeries } from "./charts";
import { sharePercent as pct, percent } from "./format";
import { PagedCard } from "./PagedCard";
import { usePaging } from "./usePaging";
import { useStats } from "./useStats";

const STATUSES = ["total", "online", "offline", "fault", "unauthorised", "disabled"] as const satisfies Array<
  keyof TerminalCounts
>;
const fileName = (name: string, range: StatsRange) => `${name}-${range.from}-${range.to}`;

/** Terminals now by status, now per office, and counted per day over the range. */
function TerminalCount({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const q = useStats("terminalCount", range, () => statisticsApi.terminalCount(range));
  const days = q.data?.series ?? [];
  const trend = anyFigure(days, [(d) => d.terminals]) ? days : [];
  const offices = q.data?.offices ?? [];
  const dayColumns: ChartColumn<TerminalCountDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "terminals", title: t("statistics.terminals.counted"), value: (r) => r.terminals, align: "right" },
    { key: "online", title: t("statistics.terminals.onlineThatDay"), value: (r) => r.online, align: "right" },
    {
      key: "share",
      title: t("statistics.terminals.onlineShare"),
      value: (r) => percent(r.online, r.terminals),
      align: "right",
    },
  ];
  const officeColumns: ChartColumn<TerminalCountOffice>[] = [
    { key: "office", title: t("statistics.office"), value: (r) => r.officeName },
    ...STATUSES.map((s) => ({
      key: s,
      title: t(`statistics.terminals.status.${s}`),
      value: (r: TerminalCountOffice) => r[s],
      align: "right" as const,
    })),
  ];
  return (
    <>
      <Card size="small" loading={q.isLoading} data-testid="stats-terminal-status">
        <Row gutter={[16, 16]}>
          {STATUSES.map((s) => (
            <Col key={s} xs={12} sm={8} lg={4}>
              <div data-testid={`stats-terminal-status-${s}`}>
                <Statistic
                  title={t(`statistics.terminals.status.${s}`)}
                  value={q.data?.counts[s] ?? 0}
                  styles={{ content: { color: STATUS_COLORS[s] } }}
                />
              </div>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard<TerminalCountDay>
            title={t("statistics.terminals.trendTitle")}
            testId="stats-terminal-count"
            loading={q.isLoading}
            rows={trend}
            rowKey={(r) => r.day}
            columns={dayColumns}
            fileName={fileName("terminals", range)}
            option={dailyOption(
              trend.map((d) => d.day),
              [
                {
                  name: t("statistics.terminals.counted"),
                  type: "line",
                  data: trend.map((d) => d.terminals),
                  color: STATUS_COLORS.total,
                },
                {
                  name: t("statistics.terminals.onlineThatDay"),
                  type: "bar",
                  data: trend.map((d) => d.online),
                  color: STATUS_COLORS.online,
                },
              ],
              [t("statistics.unit.terminals")],
            )}
          />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard<TerminalCountOffice>
            title={t("statistics.terminals.officesTitle")}
            testId="stats-terminal-offices"
            loading={q.isLoading}
            rows={offices}
            rowKey={(r) => String(r.officeId)}
            columns={officeColumns}
            fileName={fileName("terminals-by-office", range)}
            option={categoryOption(
              offices.map((o) => o.officeName),
              officeStatusSeries(offices, (s) => t(`statistics.terminals.status.${s}`)),
              t("statistics.unit.terminals"),
            )}
          />
        </Col>
      </Row>
    </>
  );
}

type OnlineSort = "hours" | "days" | "name";

/** Online hours per day over the range, and per terminal (a server-paged, sortable table). */
function OnlineTime({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const [paging, setPaging] = usePaging<OnlineSort>(range, { sort: "hours", order: "desc" });
  const q = useStats("onlineTime", range, () => statisticsApi.onlineTime(range, paging), [paging]);
  const days = q.data?.series ?? [];
  const rows = anyFigure(days, [(d) => d.onlineSec]) ? days : [];
  const dayColumns: ChartColumn<OnlineTimeDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "hours", title: t("statistics.online.hours"), value: (r) => r.onlineHours, align: "right" },
    { key: "terminals", title: t("statistics.terminals.counted"), value: (r) => r.terminals, align: "right" },
    { key: "avg", title: t("statistics.online.avgHours"), value: (r) => r.avgHours, align: "right" },
  ];
  const terminalColumns: TableColumnsType<OnlineTimeRow> = [
    { key: "name", title: t("statistics.terminal"), dataIndex: "name" },
    { key: "office", title: t("statistics.office"), render: (_, r) => r.officeName ?? "-" },
    { key: "hours", title: t("statistics.online.hours"), align: "right", render: (_, r) => r.onlineHours },
    { key: "days", title: t("statistics.online.daysOnline"), align: "right", render: (_, r) => r.daysOnline },
  ];
  const total = q.data
    ? t("statistics.online.summary", { total: q.data.totalHours, avg: q.data.avgHours })
    : "";
  return (
    <>
      <ChartCard<OnlineTimeDay>
        title={
          <Space size="small">
            {t("statistics.online.title")}
            <span style={{ fontWeight: "normal" }} data-testid="stats-online-summary">
              {total}
            </span>
          </Space>
        }
        testId="stats-online-time"
        loading={q.isLoading}
        rows={rows}
        rowKey={(r) => r.day}
        columns={dayColumns}
        fileName={fileName("online-time", range)}
        option={dailyOption(
          rows.map((d) => d.day),
          [
            { name: t("statistics.online.hours"), type: "bar", data: rows.map((d) => d.onlineHours) },
            {
              name: t("statistics.online.avgHours"),
              type: "line",
              data: rows.map((d) => d.avgHours),
              axis: 1,
            },
          ],
          [
            { name: t("statistics.unit.hours"), fractional: true },
            { name: t("statistics.unit.hoursPerTerminal"), fractional: true },
          ],
        )}
      />
      <PagedCard<OnlineTimeRow, OnlineSort>
        title={t("statistics.online.perTerminal")}
        testId="stats-online-terminals"
        rows={q.data?.list ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey="terminalId"
        columns={terminalColumns}
        sortable={["name", "hours", "days"]}
        defaultSort="hours"
        paging={paging}
        onPaging={setPaging}
        searchPlaceholder={t("statistics.online.search")}
      />
    </>
  );
}

/** The share of terminals that were on during their scheduled hours, per day and per office. */
function StartUpRate({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const q = useStats("startUpRate", range, () => statisticsApi.startUpRate(range));
  const days = q.data?.series ?? [];
  const rows = anyFigure(days, [(d) => d.scheduled]) ? days : [];
  const offices = (q.data?.offices ?? []).filter((o) => o.scheduled > 0);
  const dayColumns: ChartColumn<StartUpDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "scheduled", title: t("statistics.startup.scheduled"), value: (r) => r.scheduled, align: "right" },
    { key: "started", title: t("statistics.startup.started"), value: (r) => r.started, align: "right" },
    { key: "rate", title: t("statistics.startup.rate"), value: (r) => pct(r.rate), align: "right" },
  ];
  const officeColumns: ChartColumn<StartUpOffice>[] = [
    { key: "office", title: t("statistics.office"), value: (r) => r.officeName },
    {
      key: "scheduled",
      title: t("statistics.startup.scheduledDays"),
      value: (r) => r.scheduled,
      align: "right",
    },
    { key: "started", title: t("statistics.startup.startedDays"), value: (r) => r.started, align: "right" },
    { key: "rate", title: t("statistics.startup.rate"), value: (r) => pct(r.rate), align: "right" },
  ];
  const overall =
    q.data && q.data.rate !== null ? t("statistics.startup.overall", { rate: pct(q.data.rate) }) : "";
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <ChartCard<StartUpDay>
          title={
            <Space size="small">
              {t("statistics.startup.title")}
              <span style={{ fontWeight: "normal" }} data-testid="stats-startup-overall">
                {overall}
              </span>
            </Space>
          }
          testId="stats-startup-rate"
          loading={q.isLoading}
          rows={rows}
          rowKey={(r) => r.day}
          columns={dayColumns}
          fileName={fileName("startup-rate", range)}
          option={dailyOption(
            rows.map((d) => d.day),
            [
              {
                name: t("statistics.startup.scheduled"),
                type: "bar",
                data: rows.map((d) => d.scheduled),
                axis: 1,
              },
              {
                name: t("statistics.startup.started"),
                type: "bar",
                data: rows.map((d) => d.started),
                axis: 1,
              },
              { name: t("statistics.startup.rate"), type: "line", data: rows.map((d) => pct(d.rate)) },
            ],
            [{ name: t("statistics.unit.percent"), fractional: true }, t("statistics.unit.terminals")],
            100,
          )}
        />
      </Col>
      <Col xs={24} xl={10}>
        <ChartCard<StartUpOffice>
          title={t("statistics.startup.officesTitle")}
          testId="stats-startup-offices"
          loading={q.isLoading}
          rows={offices}
          rowKey={(r) => String(r.officeId)}
          columns={officeColumns}
          fileName={fileName("startup-rate-by-office", range)}
          option={categoryOption(
            offices.map((o) => o.officeName),
            [{ name: t("statistics.startup.rate"), data: offices.map((o) => pct(o.rate)) }],
            { name: t("statistics.unit.percent"), fractional: true },
          )}
        />
      </Col>
    </Row>
  );
}

/** The Terminals tab: counts by status, online time and start-up rate of the chosen office and group. */
export function TerminalsTab({ range }: { range: StatsRange }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <TerminalCount range={range} />
      <OnlineTime range={range} />
      <StartUpRate range={range} />
    </Space>
  );
}
