import type { HomeTerminals } from "@marquee/contracts";
import { Card, Flex, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type ChartOption, EChart } from "../../components/EChart";
import { STATUS_COLORS } from "../terminal/status";
import { Figure } from "./Figure";
import { withQuery } from "./links";

const STATUSES = ["online", "offline", "fault", "unauthorised"] as const;

/** The trend as a chart: terminals online each day (gaps where the roll-ups have not counted yet). */
export function trendOption(
  trend: HomeTerminals["trend"],
  labels: { online: string; total: string },
): ChartOption {
  return {
    grid: { left: 36, right: 12, top: 28, bottom: 24 },
    tooltip: { trigger: "axis" },
    legend: { top: 0, right: 0, data: [labels.online, labels.total] },
    xAxis: { type: "category", boundaryGap: false, data: trend.map((d) => d.day.slice(5)) },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      {
        name: labels.online,
        type: "line",
        smooth: false,
        areaStyle: { opacity: 0.15 },
        data: trend.map((d) => d.online),
      },
      {
        name: labels.total,
        type: "line",
        smooth: false,
        symbol: "none",
        lineStyle: { type: "dashed", width: 1 },
        data: trend.map((d) => d.terminals),
      },
    ],
  };
}

/** Terminals of the user's range by status, each a link to monitoring filtered by it, and the 14-day trend. */
export function TerminalsCard({ data, monitorPath }: { data: HomeTerminals; monitorPath: string | null }) {
  const { t } = useTranslation();
  const online = t("home.terminals.trendOnline");
  const total = t("home.terminals.trendTotal");
  const option = useMemo(() => trendOption(data.trend, { online, total }), [data.trend, online, total]);
  const to = (status?: string) => (monitorPath ? withQuery(monitorPath, { status }) : null);
  return (
    <Card title={t("home.terminals.title")} data-testid="home-terminals" style={{ height: "100%" }}>
      <Flex wrap gap={24}>
        <Figure
          label={t("home.terminals.total")}
          value={data.total}
          to={to()}
          testId="home-terminals-total"
        />
        {STATUSES.map((s) => (
          <Figure
            key={s}
            label={t(`home.terminals.${s}`)}
            value={data[s]}
            color={STATUS_COLORS[s]}
            to={to(s)}
            testId={`home-terminals-${s}`}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ display: "block", marginTop: 16 }}>
        {t("home.terminals.trend", { days: data.trend.length })}
      </Typography.Text>
      <EChart option={option} height={180} testId="home-trend" />
    </Card>
  );
}
