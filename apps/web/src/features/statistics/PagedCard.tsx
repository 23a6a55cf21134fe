import { Card, Input, Table, type TableColumnsType, type TableProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CardHead } from "../../components/CardHead";
import type { Paged } from "./usePaging";

/**
 * A server-paged statistics table under a chart: its page, size and order go
 * to the server (a resort starts again from page 1), with an optional search.
 * Columns with a `key` in `sortable` may be sorted by.
 */
export function PagedCard<Row extends object, Sort extends string>({
  title,
  testId,
  rows,
  total,
  loading,
  rowKey,
  columns,
  sortable,
  defaultSort,
  paging,
  onPaging,
  searchPlaceholder,
}: {
  title: ReactNode;
  testId: string;
  rows: Row[];
  total: number;
  loading: boolean;
  rowKey: TableProps<Row>["rowKey"];
  columns: TableColumnsType<Row>;
  sortable: readonly Sort[];
  defaultSort: Sort;
  paging: Paged<Sort>;
  onPaging(p: Partial<Paged<Sort>>): void;
  searchPlaceholder?: string;
}) {
  const { t } = useTranslation();
  const withSort = columns.map((c) =>
    sortable.includes(c.key as Sort)
      ? {
          ...c,
          sorter: true,
          sortOrder:
            paging.sort === c.key
              ? paging.order === "asc"
                ? ("ascend" as const)
                : ("descend" as const)
              : null,
        }
      : c,
  );
  return (
    <Card
      size="small"
      title={
        <CardHead
          title={title}
          testId={testId}
          toolbar={
            searchPlaceholder && (
              <Input.Search
                allowClear
                size="small"
                maxLength={100}
                placeholder={searchPlaceholder}
                onSearch={(v) => onPaging({ keyword: v.trim() || undefined, pageNo: 1 })}
                style={{ width: 220 }}
                data-testid={`${testId}-search`}
              />
            )
          }
        />
      }
      data-testid={testId}
    >
      <Table<Row>
        size="small"
        rowKey={rowKey}
        columns={withSort}
        dataSource={rows}
        loading={loading}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (n) => t("statistics.total", { total: n }),
        }}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort =
            s?.order && sortable.includes(s.columnKey as Sort) ? (s.columnKey as Sort) : defaultSort;
          const order = s?.order === "ascend" ? "asc" : "desc";
          const resort = sort !== paging.sort || order !== paging.order;
          onPaging({
            pageNo: resort ? 1 : (p.current ?? 1),
            pageSize: p.pageSize ?? paging.pageSize,
            sort,
            order,
          });
        }}
      />
    </Card>
  );
}
