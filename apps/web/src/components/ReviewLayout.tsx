import { CheckOutlined, CloseOutlined, ReloadOutlined } from "@ant-design/icons";
import type { ContentState } from "@marquee/contracts";
import { Button, Card, Input, Segmented, Space, Table } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "./AuthButton";
import { type FitColumns, SELECTION_WIDTH, useFitColumns } from "./fitColumns";
import { rowSelectionAcrossPages, serverPagination } from "./listSelection";

/** The states a review screen shows: what waits, and what was decided. */
export const REVIEW_VIEWS = ["pending", "approved", "rejected"] as const satisfies readonly ContentState[];
export type ReviewView = (typeof REVIEW_VIEWS)[number];
/** The kinds of content reviewed, each with its screen's title `review.titles.<kind>`. */
export type ReviewKind = "material" | "plan" | "program" | "message";
/** The rows of a review list, the same for every kind. */
export const REVIEW_PAGE_SIZE = 20;
const REVIEW_PAGE_SIZES = [10, 20, 50, 100];

export interface ReviewLayoutProps<T extends { id: number }> {
  kind: ReviewKind;
  /** The react-query state of the list. */
  rows: readonly T[];
  total: number;
  loading: boolean;
  onRefresh: () => void;
  page: { pageNo: number; pageSize: number };
  onPage: (pageNo: number, pageSize: number) => void;
  onSearch: (name: string) => void;
  view: ReviewView;
  onView: (view: ReviewView) => void;
  /** Views the user may not open (they stay in the control, disabled). */
  disabledViews?: readonly ReviewView[];
  /** The kind's own filters, after the search and the state. */
  filters?: ReactNode;
  /** The selection of pending rows, across pages. */
  selected: ReadonlyMap<number, T>;
  onSelect: (next: Map<number, T>) => void;
  permission: string;
  onDecide: (result: "approved" | "rejected") => void;
  /** Secondary columns (`drop`) go first on a narrow screen. */
  columns: FitColumns<T>;
  onRow?: (row: T) => { onDoubleClick?: () => void };
  /** Dialogs, drawers and the preview of the kind, under the list. */
  children?: ReactNode;
}

/**
 * The one layout of the four review screens (materials, plans, programs,
 * messages): the title "Review: <kind>", a refresh, the search, the state as
 * one segmented control (pending, approved, rejected), the batch decisions
 * with the count of the selection, and a table of 20 rows a page.
 */
export function ReviewLayout<T extends { id: number }>(props: ReviewLayoutProps<T>) {
  const fit = useFitColumns(props.columns, props.view === "pending" ? SELECTION_WIDTH : 0);
  const { t } = useTranslation();
  const { view, permission, selected, onDecide } = props;
  const pending = view === "pending";
  const count = selected.size;
  return (
    <Card
      title={t(`review.titles.${props.kind}`)}
      data-testid="review-layout"
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={props.onRefresh}
          loading={props.loading}
          data-testid="review-refresh"
        >
          {t("common.refresh")}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t("review.search")}
          aria-label={t("review.search")}
          onSearch={(v) => props.onSearch(v.trim())}
          style={{ width: 220 }}
          data-testid="review-search"
        />
        <Segmented<ReviewView>
          value={view}
          onChange={props.onView}
          options={REVIEW_VIEWS.map((s) => ({
            value: s,
            label: t(`program.states.${s}`),
            disabled: props.disabledViews?.includes(s),
          }))}
          aria-label={t("review.state")}
          data-testid="review-view"
        />
        {props.filters}
        {pending ? (
          <>
            <AuthButton
              type="primary"
              operation={permission}
              routePermission={permission}
              label={t("review.approveSelected", { count })}
              icon={<CheckOutlined />}
              disabled={count === 0}
              onClick={() => onDecide("approved")}
              data-testid="review-approve-batch"
            />
            <AuthButton
              danger
              operation={permission}
              routePermission={permission}
              label={t("review.rejectSelected", { count })}
              icon={<CloseOutlined />}
              disabled={count === 0}
              onClick={() => onDecide("rejected")}
              data-testid="review-reject-batch"
            />
          </>
        ) : null}
      </Space>
      <div ref={fit.ref}>
        <Table<T>
          data-testid="review-table"
          rowKey="id"
          size="middle"
          loading={props.loading}
          columns={fit.columns}
          dataSource={props.rows as T[]}
          scroll={{ x: fit.scrollX }}
          locale={{ emptyText: pending ? t("review.empty") : t("review.noMatch") }}
          rowSelection={pending ? rowSelectionAcrossPages(selected, props.onSelect) : undefined}
          onRow={props.onRow}
          pagination={{
            ...serverPagination({ ...props.page, total: props.total, onPage: props.onPage }),
            pageSizeOptions: REVIEW_PAGE_SIZES,
          }}
        />
      </div>
      {props.children}
    </Card>
  );
}
