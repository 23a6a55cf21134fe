import { WarningOutlined } from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import { Table, type TableColumnsType, Tag, Tooltip, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import type { PlanGrants } from "./actions";
import { PlanActions, type PlanOps } from "./PlanActions";

export const PLAN_SORTS = ["updateDate", "createDate", "name"] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];

export interface PlanTableProps {
  rows: PlanSummary[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  selected: ReadonlyMap<number, PlanSummary>;
  onSelect: (selected: Map<number, PlanSummary>) => void;
  grants: PlanGrants;
  ops: PlanOps;
  sort: PlanSort;
  order: "asc" | "desc";
  onSort: (sort: PlanSort, order: "asc" | "desc") => void;
}

/** The days a plan plays, as the list shows them. */
export function PlanDates({ plan }: { plan: Pick<PlanSummary, "startDate" | "endDate"> }) {
  const { t } = useTranslation();
  if (!plan.startDate)
    return <Typography.Text type="secondary">{t("playPlan.list.noDates")}</Typography.Text>;
  if (!plan.endDate) return <>{t("playPlan.dates.from", { date: plan.startDate })}</>;
  return <>{t("playPlan.dates.range", { from: plan.startDate, to: plan.endDate })}</>;
}

/** The plan list: states, items, overlaps, the days they play, the terminals they reach. */
export function PlanTable(p: PlanTableProps) {
  const { t } = useTranslation();
  const sortOrder = (field: PlanSort) =>
    p.sort === field ? (p.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const columns: TableColumnsType<PlanSummary> = [
    {
      key: "name",
      title: t("playPlan.list.columns.name"),
      sorter: true,
      sortOrder: sortOrder("name"),
      width: 240,
      render: (_, r) =>
        p.grants.edit ? (
          <Typography.Link
            onClick={() => p.ops.edit(r)}
            ellipsis
            style={{ maxWidth: 220 }}
            title={r.name}
            data-testid="plan-name-link"
          >
            {r.name}
          </Typography.Link>
        ) : (
          <Typography.Text ellipsis style={{ maxWidth: 220 }} title={r.name}>
            {r.name}
          </Typography.Text>
        ),
    },
    {
      key: "state",
      title: t("playPlan.list.columns.state"),
      width: 120,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "items",
      title: t("playPlan.list.columns.items"),
      width: 80,
      align: "right",
      render: (_, r) => r.itemCount,
    },
    {
      key: "conflicts",
      title: t("playPlan.list.columns.conflicts"),
      width: 110,
      render: (_, r) =>
        r.conflictCount > 0 ? (
          <Tooltip title={t("playPlan.list.conflictsHint")}>
            <Tag color="red" icon={<WarningOutlined />} data-testid="plan-conflicts-tag">
              {r.conflictCount}
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t("playPlan.list.noConflicts")}</Typography.Text>
        ),
    },
    {
      key: "dates",
      title: t("playPlan.list.columns.dates"),
      width: 210,
      render: (_, r) => <PlanDates plan={r} />,
    },
    {
      key: "terminals",
      title: t("playPlan.list.columns.terminals"),
      width: 130,
      render: (_, r) =>
        r.publicationCount > 0 ? (
          <Tooltip title={t("playPlan.list.publications", { count: r.publicationCount })}>
            <Typography.Link onClick={() => p.ops.publications(r)} data-testid="plan-terminals">
              {t("playPlan.list.terminalCount", { count: r.terminalCount })}
            </Typography.Link>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t("playPlan.list.notOnScreens")}</Typography.Text>
        ),
    },
    {
      key: "creator",
      title: t("playPlan.list.columns.creator"),
      width: 120,
      render: (_, r) => r.creatorName ?? "",
    },
    {
      key: "updateDate",
      title: t("playPlan.list.columns.updated"),
      sorter: true,
      sortOrder: sortOrder("updateDate"),
      width: 160,
      render: (_, r) => (
        <Tooltip
          title={r.updatedByName ? t("playPlan.list.updatedBy", { name: r.updatedByName }) : undefined}
        >
          {formatTime(r.updateDate)}
        </Tooltip>
      ),
    },
    {
      key: "createDate",
      title: t("playPlan.list.columns.created"),
      sorter: true,
      sortOrder: sortOrder("createDate"),
      width: 160,
      render: (_, r) => formatTime(r.createDate),
    },
    {
      key: "actions",
      title: t("playPlan.list.columns.actions"),
      width: 130,
      fixed: "right",
      render: (_, r) => <PlanActions plan={r} grants={p.grants} ops={p.ops} />,
    },
  ];
  return (
    <Table<PlanSummary>
      data-testid="plan-table"
      rowKey="id"
      size="middle"
      scroll={{ x: 1460 }}
      loading={p.loading}
      columns={columns}
      dataSource={p.rows}
      rowSelection={rowSelectionAcrossPages(p.selected, p.onSelect)}
      onChange={(_, __, sorter, extra) => {
        if (extra.action !== "sort") return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<PlanSummary> | undefined;
        const field = PLAN_SORTS.find((f) => f === s?.columnKey);
        if (!field || !s?.order) p.onSort("updateDate", "desc");
        else p.onSort(field, s.order === "ascend" ? "asc" : "desc");
      }}
      pagination={serverPagination(p)}
    />
  );
}
