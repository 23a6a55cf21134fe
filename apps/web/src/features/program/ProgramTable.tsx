import { formatSize, type ProgramSummary } from "@marquee/contracts";
import { Space, Table, type TableColumnsType, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import type { ProgramGrants } from "./actions";
import { canvasLabel } from "./canvas";
import { PROGRAM_SORTS, type ProgramSort } from "./filters";
import { formatTime } from "./format";
import { ProgramActions, type ProgramOps } from "./ProgramActions";
import { ProgramThumb } from "./ProgramThumb";
import { StateTag } from "./StateTag";

/** What both views of program management show and report. */
export interface ProgramViewProps {
  rows: ProgramSummary[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  selected: ReadonlyMap<number, ProgramSummary>;
  onSelect: (selected: Map<number, ProgramSummary>) => void;
  grants: ProgramGrants;
  ops: ProgramOps;
  sort: ProgramSort;
  order: "asc" | "desc";
  onSort: (sort: ProgramSort, order: "asc" | "desc") => void;
}

/** Server-side paging shared by the cards and the table. */
export const pagination = serverPagination;

/** The table view: thumbnails, sizes, states, creators and dates, sorted by the server. */
export function ProgramTable(p: ProgramViewProps) {
  const { t } = useTranslation();
  const sortOrder = (field: ProgramSort) =>
    p.sort === field ? (p.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const columns: TableColumnsType<ProgramSummary> = [
    {
      key: "name",
      title: t("program.list.columns.name"),
      sorter: true,
      sortOrder: sortOrder("name"),
      width: 320,
      render: (_, r) => (
        <Space>
          <ProgramThumb program={r} width={64} height={40} />
          {p.grants.edit ? (
            <Typography.Link onClick={() => p.ops.edit(r)} ellipsis style={{ maxWidth: 220 }} title={r.name}>
              {r.name}
            </Typography.Link>
          ) : (
            <Typography.Text ellipsis style={{ maxWidth: 220 }} title={r.name}>
              {r.name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: "canvas",
      title: t("program.list.columns.canvas"),
      width: 120,
      render: (_, r) => canvasLabel(r.width, r.height),
    },
    {
      key: "state",
      title: t("program.list.columns.state"),
      width: 130,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "content",
      title: t("program.list.columns.content"),
      width: 170,
      render: (_, r) => t("program.list.contentOf", { scenes: r.sceneCount, widgets: r.widgetCount }),
    },
    {
      key: "media",
      title: t("program.list.columns.media"),
      width: 100,
      render: (_, r) => formatSize(r.mediaBytes),
    },
    {
      key: "creator",
      title: t("program.list.columns.creator"),
      width: 120,
      render: (_, r) => r.creatorName ?? "",
    },
    {
      key: "updateDate",
      title: t("program.list.columns.updated"),
      sorter: true,
      sortOrder: sortOrder("updateDate"),
      width: 170,
      render: (_, r) => formatTime(r.updateDate),
    },
    {
      key: "createDate",
      title: t("program.list.columns.created"),
      sorter: true,
      sortOrder: sortOrder("createDate"),
      width: 170,
      render: (_, r) => formatTime(r.createDate),
    },
    {
      key: "actions",
      title: t("program.list.columns.actions"),
      width: 110,
      fixed: "right",
      render: (_, r) => <ProgramActions program={r} grants={p.grants} ops={p.ops} />,
    },
  ];
  return (
    <Table<ProgramSummary>
      data-testid="program-table"
      rowKey="id"
      size="middle"
      scroll={{ x: 1410 }}
      loading={p.loading}
      columns={columns}
      dataSource={p.rows}
      rowSelection={rowSelectionAcrossPages(p.selected, p.onSelect)}
      onChange={(_, __, sorter, extra) => {
        if (extra.action !== "sort") return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ProgramSummary> | undefined;
        const field = PROGRAM_SORTS.find((f) => f === s?.columnKey);
        if (!field || !s?.order) p.onSort("updateDate", "desc");
        else p.onSort(field, s.order === "ascend" ? "asc" : "desc");
      }}
      pagination={pagination(p)}
    />
  );
}
