import type {
  BehaviorActionRow,
  BehaviorActiveDay,
  BehaviorOfficeRow,
  BehaviorOfficesResponse,
  BehaviorPageRow,
  BehaviorUserRow,
  BehaviorUsersQuery,
} from "@marquee/contracts";
import { STATS_MAX_DAYS } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  Breadcrumb,
  Button,
  Card,
  Col,
  DatePicker,
  Input,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ChartCard, type ChartColumn } from "../../components/ChartCard";
import type { ChartOption } from "../../components/EChart";
import { useAuditNames } from "../system/auditNames";
import { type BehaviorRange, behaviorApi, type UserPaging } from "./api";
import { daysIn, presets, rangeOf, readRange, writeRange } from "./filters";

/** Every behaviour query sits under this key. */
const KEY = "behavior";
/** Bars shown in the top pages and actions charts (the table view and the CSV have them all). */
const TOP = 15;

type UserSort = BehaviorUsersQuery["sort"];
const USER_SORTS: readonly UserSort[] = [
  "pageViews",
  "actions",
  "logins",
  "activeDays",
  "lastDay",
  "username",
];

/** A horizontal bar chart of the first TOP rows, the largest on top. */
function topBars(names: string[], series: Array<{ name: string; data: number[] }>): ChartOption {
  const n = Math.min(names.length, TOP);
  return {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: {
      type: "category",
      data: names.slice(0, n).reverse(),
      axisLabel: { width: 180, overflow: "truncate" },
    },
    series: series.map((s) => ({ name: s.name, type: "bar", data: s.data.slice(0, n).reverse() })),
  };
}

/** The range and office filter: days with presets, and the office as a path with its children to open. */
function FilterBar({
  range,
  offices,
  asOf,
  onChange,
}: {
  range: BehaviorRange;
  offices: BehaviorOfficesResponse | undefined;
  asOf: string | null;
  onChange(r: BehaviorRange): void;
}) {
  const { t } = useTranslation();
  const p = presets();
  const today = dayjs().endOf("day");
  const go = (officeId: number | undefined) =>
    onChange({ from: range.from, to: range.to, ...(officeId !== undefined ? { officeId } : {}) });
  const children = (offices?.list ?? []).filter((o) => !o.self);
  return (
    <Space wrap size="middle" style={{ width: "100%", justifyContent: "space-between" }}>
      <Space wrap size="middle">
        <span data-testid="behavior-range">
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={(r) => {
              if (!r?.[0] || !r[1]) return;
              const days = rangeOf([r[0], r[1]]);
              if (days) onChange({ ...range, ...days });
            }}
            disabledDate={(day, info) => {
              if (day.isAfter(today)) return true;
              const from = info?.from;
              return !!from && daysIn(from.format("YYYY-MM-DD"), day.format("YYYY-MM-DD")) > STATS_MAX_DAYS;
            }}
            presets={[
              { label: t("behavior.filters.last7"), value: p.last7 },
              { label: t("behavior.filters.last30"), value: p.last30 },
              { label: t("behavior.filters.thisMonth"), value: p.thisMonth },
              { label: t("behavior.filters.last12Months"), value: p.last12Months },
            ]}
            aria-label={t("behavior.filters.range")}
          />
        </span>
        <Space size="small" data-testid="behavior-office">
          <Breadcrumb
            items={[
              ...(offices?.trail ?? []).map((o) => ({
                key: o.id,
                title: (
                  <Typography.Link onClick={() => go(o.id)} data-testid={`behavior-office-up-${o.id}`}>
                    {o.name}
                  </Typography.Link>
                ),
              })),
              ...(offices ? [{ key: offices.office.id, title: <strong>{offices.office.name}</strong> }] : []),
            ]}
          />
          {children.length > 0 && (
            <Select<number>
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              value={null}
              placeholder={t("behavior.filters.openOffice")}
              options={children.map((o) => ({ value: o.officeId, label: o.officeName }))}
              onChange={(id) => go(id)}
              aria-label={t("behavior.filters.openOffice")}
              data-testid="behavior-office-select"
            />
          )}
          {range.officeId !== undefined && (
            <Button size="small" onClick={() => go(undefined)} data-testid="behavior-office-all">
              {t("behavior.filters.allOffices")}
            </Button>
          )}
        </Space>
      </Space>
      <Typography.Text type="secondary" data-testid="behavior-asof">
        {asOf
          ? t("behavior.asOf", { time: dayjs(asOf).format("YYYY-MM-DD HH:mm") })
          : t("behavior.asOfUnknown")}
      </Typography.Text>
    </Space>
  );
}

/** Users active in the range, paged, sorted and searched on the server. */
function UsersCard({ range }: { range: BehaviorRange }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<UserPaging>({
    pageNo: 1,
    pageSize: 10,
    sort: "pageViews",
    order: "desc",
  });
  // A new range or office starts again from the first page.
  const [seen, setSeen] = useState(range);
  if (seen !== range) {
    setSeen(range);
    setPaging((p) => ({ ...p, pageNo: 1 }));
  }
  const q = useQuery({
    queryKey: [KEY, "users", range, paging],
    queryFn: () => behaviorApi.users(range, paging),
    placeholderData: keepPreviousData,
  });
  const sortOf = (key: UserSort) =>
    paging.sort === key ? (paging.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const sortable = (key: UserSort) => ({ key, sorter: true, sortOrder: sortOf(key) });
  const columns: TableColumnsType<BehaviorUserRow> = [
    { ...sortable("username"), title: t("behavior.users.username"), dataIndex: "username" },
    { key: "name", title: t("behavior.users.name"), render: (_, r) => r.name ?? "-" },
    { key: "office", title: t("behavior.office"), render: (_, r) => r.officeName ?? "-" },
    { ...sortable("logins"), title: t("behavior.logins"), align: "right", dataIndex: "logins" },
    { ...sortable("pageViews"), title: t("behavior.pageViews"), align: "right", dataIndex: "pageViews" },
    { ...sortable("actions"), title: t("behavior.actions"), align: "right", dataIndex: "actions" },
    {
      ...sortable("activeDays"),
      title: t("behavior.users.activeDays"),
      align: "right",
      dataIndex: "activeDays",
    },
    { ...sortable("lastDay"), title: t("behavior.users.lastDay"), dataIndex: "lastDay" },
  ];
  return (
    <Card
      size="small"
      title={t("behavior.users.title")}
      extra={
        <Input.Search
          allowClear
          size="small"
          maxLength={100}
          placeholder={t("behavior.users.search")}
          onSearch={(v) => setPaging((p) => ({ ...p, keyword: v.trim() || undefined, pageNo: 1 }))}
          style={{ width: 220 }}
          data-testid="behavior-users-search"
        />
      }
      data-testid="behavior-users"
    >
      <Table<BehaviorUserRow>
        size="small"
        rowKey="userId"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t("behavior.total", { total: n }),
        }}
        onChange={(pg, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort =
            s?.order && USER_SORTS.includes(s.columnKey as UserSort)
              ? (s.columnKey as UserSort)
              : "pageViews";
          const order = s?.order === "ascend" ? "asc" : "desc";
          const resort = sort !== paging.sort || order !== paging.order;
          setPaging((p) => ({
            ...p,
            pageNo: resort ? 1 : (pg.current ?? 1),
            pageSize: pg.pageSize ?? p.pageSize,
            sort,
            order,
          }));
        }}
      />
    </Card>
  );
}

/**
 * User behaviour statistics (userBehaviorStatistics): who uses the console
 * and how, in the caller's data range: active users per day, the pages they
 * open, the actions they take, per office and per user. The range and office
 * live in the link, so a copied link opens the same figures.
 */
export default function UserBehaviorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => readRange(params), [params]);
  const setRange = (r: BehaviorRange) => setParams(writeRange(params, r), { replace: true });
  const opts = { placeholderData: keepPreviousData };
  const active = useQuery({
    queryKey: [KEY, "active", range],
    queryFn: () => behaviorApi.active(range),
    ...opts,
  });
  const pages = useQuery({
    queryKey: [KEY, "pages", range],
    queryFn: () => behaviorApi.pages(range),
    ...opts,
  });
  const actions = useQuery({
    queryKey: [KEY, "actions", range],
    queryFn: () => behaviorApi.actions(range),
    ...opts,
  });
  const offices = useQuery({
    queryKey: [KEY, "offices", range],
    queryFn: () => behaviorApi.offices(range),
    ...opts,
  });

  const totals = active.data?.totals;
  const days = totals?.activeUsers ? (active.data?.series ?? []) : [];
  const pageName = (page: string) => t(`routes.${page}`, { defaultValue: page });
  const named = useAuditNames();
  const fileSuffix = `${range.from}-${range.to}`;

  const dayColumns: ChartColumn<BehaviorActiveDay>[] = [
    { key: "day", title: t("behavior.day"), value: (r) => r.day },
    { key: "activeUsers", title: t("behavior.activeUsers"), value: (r) => r.activeUsers, align: "right" },
    { key: "logins", title: t("behavior.logins"), value: (r) => r.logins, align: "right" },
    { key: "pageViews", title: t("behavior.pageViews"), value: (r) => r.pageViews, align: "right" },
    { key: "actions", title: t("behavior.actions"), value: (r) => r.actions, align: "right" },
  ];
  const activeOption: ChartOption = {
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: days.map((d) => d.day) },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      { name: t("behavior.activeUsers"), type: "line", data: days.map((d) => d.activeUsers) },
      { name: t("behavior.logins"), type: "line", data: days.map((d) => d.logins) },
      { name: t("behavior.pageViews"), type: "line", data: days.map((d) => d.pageViews) },
      { name: t("behavior.actions"), type: "line", data: days.map((d) => d.actions) },
    ],
  };

  const pageRows = pages.data?.list ?? [];
  const pageColumns: ChartColumn<BehaviorPageRow>[] = [
    { key: "page", title: t("behavior.pages.page"), value: (r) => pageName(r.page) },
    { key: "views", title: t("behavior.pageViews"), value: (r) => r.views, align: "right" },
    { key: "users", title: t("behavior.users.count"), value: (r) => r.users, align: "right" },
  ];

  const actionRows = actions.data?.list ?? [];
  const actionColumns: ChartColumn<BehaviorActionRow>[] = [
    { key: "action", title: t("behavior.actionsChart.action"), value: (r) => named.action(r.action) },
    { key: "count", title: t("behavior.actions"), value: (r) => r.count, align: "right" },
    { key: "users", title: t("behavior.users.count"), value: (r) => r.users, align: "right" },
    { key: "failed", title: t("behavior.actionsChart.failed"), value: (r) => r.failed, align: "right" },
  ];

  const officeName = (r: BehaviorOfficeRow) =>
    r.self ? t("behavior.offices.self", { name: r.officeName }) : r.officeName;
  const officeRows = (offices.data?.list ?? []).filter((r) => r.activeUsers + r.pageViews + r.actions > 0);
  const officeColumns: ChartColumn<BehaviorOfficeRow>[] = [
    { key: "office", title: t("behavior.office"), value: officeName },
    { key: "activeUsers", title: t("behavior.activeUsers"), value: (r) => r.activeUsers, align: "right" },
    { key: "logins", title: t("behavior.logins"), value: (r) => r.logins, align: "right" },
    { key: "pageViews", title: t("behavior.pageViews"), value: (r) => r.pageViews, align: "right" },
    { key: "actions", title: t("behavior.actions"), value: (r) => r.actions, align: "right" },
  ];
  const officeOption: ChartOption = {
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: {
      type: "category",
      data: officeRows.map(officeName),
      axisLabel: { interval: 0, width: 120, overflow: "truncate" },
    },
    yAxis: { type: "value", minInterval: 1 },
    series: [
      { name: t("behavior.activeUsers"), type: "bar", data: officeRows.map((r) => r.activeUsers) },
      { name: t("behavior.pageViews"), type: "bar", data: officeRows.map((r) => r.pageViews) },
      { name: t("behavior.actions"), type: "bar", data: officeRows.map((r) => r.actions) },
    ],
  };

  return (
    <Card data-testid="behavior-page">
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <FilterBar
          range={range}
          offices={offices.data}
          asOf={active.data?.asOf ?? null}
          onChange={setRange}
        />
        <Row gutter={[16, 16]} data-testid="behavior-totals">
          {(["activeUsers", "logins", "pageViews", "actions"] as const).map((k) => (
            <Col key={k} xs={12} md={6}>
              <Card size="small">
                <Statistic title={t(`behavior.${k}`)} value={totals?.[k] ?? 0} loading={active.isLoading} />
              </Card>
            </Col>
          ))}
        </Row>
        <ChartCard<BehaviorActiveDay>
          title={t("behavior.activeChart")}
          testId="behavior-active"
          loading={active.isLoading}
          rows={days}
          rowKey={(r) => r.day}
          columns={dayColumns}
          fileName={`active-users-${fileSuffix}`}
          option={activeOption}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <ChartCard<BehaviorPageRow>
              title={t("behavior.pages.title")}
              testId="behavior-pages"
              loading={pages.isLoading}
              rows={pageRows}
              rowKey={(r) => r.page}
              columns={pageColumns}
              fileName={`pages-${fileSuffix}`}
              height={360}
              option={topBars(
                pageRows.map((r) => pageName(r.page)),
                [
                  { name: t("behavior.pageViews"), data: pageRows.map((r) => r.views) },
                  { name: t("behavior.users.count"), data: pageRows.map((r) => r.users) },
                ],
              )}
            />
          </Col>
          <Col xs={24} xl={12}>
            <ChartCard<BehaviorActionRow>
              title={t("behavior.actionsChart.title")}
              testId="behavior-actions"
              loading={actions.isLoading}
              rows={actionRows}
              rowKey={(r) => r.action}
              columns={actionColumns}
              fileName={`actions-${fileSuffix}`}
              height={360}
              option={topBars(
                actionRows.map((r) => named.action(r.action)),
                [{ name: t("behavior.actions"), data: actionRows.map((r) => r.count) }],
              )}
            />
          </Col>
        </Row>
        <ChartCard<BehaviorOfficeRow>
          title={t("behavior.offices.title")}
          testId="behavior-offices"
          loading={offices.isLoading}
          rows={officeRows}
          rowKey={(r) => `${r.officeId}-${r.self}`}
          columns={officeColumns}
          fileName={`offices-${fileSuffix}`}
          option={officeOption}
        />
        <UsersCard range={range} />
      </Space>
    </Card>
  );
}
