import type { LoginDay, LoginUserRow } from "@marquee/contracts";
import { Space, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import { type StatsRange, statisticsApi } from "./api";
import { anyFigure, dailyOption } from "./charts";
import { PagedCard } from "./PagedCard";
import { usePaging } from "./usePaging";
import { useStats } from "./useStats";

type LoginSort = "logins" | "lastDay" | "username";

/** The Sign-ins tab: sign-ins and users signing in per day, and per user (paged on the server). */
export function LoginsTab({ range }: { range: StatsRange }) {
  const { t } = useTranslation();
  const [paging, setPaging] = usePaging<LoginSort>(range, { sort: "logins", order: "desc" });
  const q = useStats("logins", range, () => statisticsApi.logins(range, paging), [paging]);
  const days = q.data?.series ?? [];
  const rows = anyFigure(days, [(d) => d.logins]) ? days : [];
  const dayColumns: ChartColumn<LoginDay>[] = [
    { key: "day", title: t("statistics.day"), value: (r) => r.day },
    { key: "logins", title: t("statistics.logins.logins"), value: (r) => r.logins, align: "right" },
    { key: "users", title: t("statistics.logins.users"), value: (r) => r.users, align: "right" },
  ];
  const userColumns: TableColumnsType<LoginUserRow> = [
    { key: "username", title: t("statistics.logins.username"), dataIndex: "username" },
    { key: "name", title: t("statistics.logins.name"), render: (_, r) => r.name ?? "-" },
    { key: "office", title: t("statistics.office"), render: (_, r) => r.officeName ?? "-" },
    { key: "logins", title: t("statistics.logins.logins"), align: "right", render: (_, r) => r.logins },
    { key: "lastDay", title: t("statistics.logins.lastDay"), render: (_, r) => r.lastDay },
  ];
  const total = q.data ? t("statistics.logins.summary", { total: q.data.totalLogins }) : "";
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <ChartCard<LoginDay>
        title={
          <Space size="small">
            {t("statistics.logins.title")}
            <span style={{ fontWeight: "normal" }} data-testid="stats-login-summary">
              {total}
            </span>
          </Space>
        }
        testId="stats-login"
        loading={q.isLoading}
        rows={rows}
        rowKey={(r) => r.day}
        columns={dayColumns}
        fileName={`sign-ins-${range.from}-${range.to}`}
        option={dailyOption(
          rows.map((d) => d.day),
          [
            { name: t("statistics.logins.logins"), type: "bar", data: rows.map((d) => d.logins) },
            { name: t("statistics.logins.users"), type: "line", data: rows.map((d) => d.users) },
          ],
          [t("statistics.unit.count")],
        )}
      />
      <PagedCard<LoginUserRow, LoginSort>
        title={t("statistics.logins.perUser")}
        testId="stats-login-users"
        rows={q.data?.list ?? []}
        total={q.data?.total ?? 0}
        loading={q.isFetching}
        rowKey="userId"
        columns={userColumns}
        sortable={["logins", "lastDay", "username"]}
        defaultSort="logins"
        paging={paging}
        onPaging={setPaging}
        searchPlaceholder={t("statistics.logins.search")}
      />
    </Space>
  );
}
