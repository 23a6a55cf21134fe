import { WarningOutlined } from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import { type TableColumnsType, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type ContentListProps, type ContentSort, ContentTable, sortOrderOf } from "../content/ContentTable";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { PLAN_KIND, type PlanGrants } from "./actions";
import { PlanActions, type PlanOps } from "./PlanActions";

export type PlanSort = ContentSort;

export type PlanTableProps = ContentListProps<PlanSummary, PlanSort, PlanGrants, PlanOps>;

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
  const sortOrder = sortOrderOf(p);
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
  return <ContentTable kind={PLAN_KIND} list={p} columns={columns} scrollX={1460} />;
}
