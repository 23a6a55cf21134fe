import { Table, type TableColumnsType } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import type { ContentKind } from "./kind";

/** What the content lists sort by (the server's `sort`). */
export const CONTENT_SORTS = ["updateDate", "createDate", "name"] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** What a list of one kind of content shows and reports: a server page, the selection across pages, the sort. */
export interface ContentListProps<Row extends { id: number }, Sort extends string, Grants, Ops> {
  rows: Row[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  selected: ReadonlyMap<number, Row>;
  onSelect: (selected: Map<number, Row>) => void;
  grants: Grants;
  ops: Ops;
  sort: Sort;
  order: "asc" | "desc";
  onSort: (sort: Sort, order: "asc" | "desc") => void;
}

/** A sortable column's arrow, from the list's sort. */
export const sortOrderOf =
  <Sort extends string>(p: { sort: Sort; order: "asc" | "desc" }) =>
  (field: Sort) =>
    p.sort === field ? (p.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;

/**
 * The table of one kind of content (programs, plans): the kind's columns, a
 * selection across pages, paged and sorted by the server (the columns keyed
 * by a CONTENT_SORTS field; clearing a sort goes back to the newest change first).
 */
export function ContentTable<Row extends { id: number }, Grants, Ops>({
  kind,
  list,
  columns,
  scrollX,
}: {
  kind: ContentKind;
  list: ContentListProps<Row, ContentSort, Grants, Ops>;
  columns: TableColumnsType<Row>;
  scrollX: number;
}) {
  const p = list;
  return (
    <Table<Row>
      data-testid={`${kind.testId}-table`}
      rowKey="id"
      size="middle"
      scroll={{ x: scrollX }}
      loading={p.loading}
      columns={columns}
      dataSource={p.rows}
      rowSelection={rowSelectionAcrossPages(p.selected, p.onSelect)}
      onChange={(_, __, sorter, extra) => {
        if (extra.action !== "sort") return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
        const field = CONTENT_SORTS.find((f) => f === s?.columnKey);
        if (!field || !s?.order) p.onSort("updateDate", "desc");
        else p.onSort(field, s.order === "ascend" ? "asc" : "desc");
      }}
      pagination={serverPagination(p)}
    />
  );
}
