import { CheckOutlined, CloseOutlined, FormOutlined, HistoryOutlined } from "@ant-design/icons";
import type { ContentState } from "@marquee/contracts";
import { Button, Input, Segmented, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";

/** The states a review list shows: what waits, and what was decided. */
export const REVIEW_VIEWS = ["pending", "approved", "rejected"] as const satisfies readonly ContentState[];
export type ReviewView = (typeof REVIEW_VIEWS)[number];

/** The search, the pending/decided switch and the batch decisions above a review list. */
export function ReviewToolbar({
  view,
  onView,
  onSearch,
  selectedCount,
  permission,
  onDecide,
}: {
  view: ReviewView;
  onView: (v: ReviewView) => void;
  onSearch: (name: string) => void;
  selectedCount: number;
  permission: string;
  onDecide: (result: "approved" | "rejected") => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t("pubMessage.list.searchName")}
        onSearch={onSearch}
        style={{ width: 220 }}
        data-testid="review-search"
      />
      <Segmented<ReviewView>
        value={view}
        onChange={onView}
        options={REVIEW_VIEWS.map((s) => ({ value: s, label: t(`program.states.${s}`) }))}
        data-testid="review-view"
      />
      {view === "pending" ? (
        <>
          <AuthButton
            type="primary"
            operation={permission}
            routePermission={permission}
            label={t("pubMessage.review.approveSelected", { count: selectedCount })}
            icon={<CheckOutlined />}
            disabled={selectedCount === 0}
            onClick={() => onDecide("approved")}
            data-testid="review-approve-batch"
          />
          <AuthButton
            danger
            operation={permission}
            routePermission={permission}
            label={t("pubMessage.review.rejectSelected", { count: selectedCount })}
            icon={<CloseOutlined />}
            disabled={selectedCount === 0}
            onClick={() => onDecide("rejected")}
            data-testid="review-reject-batch"
          />
        </>
      ) : null}
    </Space>
  );
}

/** Approve and reject (pending items only), a note, and the history of one item. */
export function ReviewRowActions({
  pending,
  permission,
  onDecide,
  onNote,
  onHistory,
}: {
  pending: boolean;
  permission: string;
  onDecide: (result: "approved" | "rejected") => void;
  onNote: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {pending ? (
        <>
          <AuthButton
            size="small"
            type="link"
            operation={permission}
            routePermission={permission}
            label={t("pubMessage.review.approve")}
            icon={<CheckOutlined />}
            onClick={() => onDecide("approved")}
            data-testid="review-approve"
          />
          <AuthButton
            size="small"
            type="link"
            danger
            operation={permission}
            routePermission={permission}
            label={t("pubMessage.review.reject")}
            icon={<CloseOutlined />}
            onClick={() => onDecide("rejected")}
            data-testid="review-reject"
          />
        </>
      ) : null}
      <AuthButton
        size="small"
        type="link"
        operation={permission}
        routePermission={permission}
        label={t("pubMessage.review.addNote")}
        icon={<FormOutlined />}
        onClick={onNote}
        data-testid="review-note-open"
      />
      <Tooltip title={t("pubMessage.actions.history")}>
        <Button
          size="small"
          type="text"
          icon={<HistoryOutlined />}
          aria-label={t("pubMessage.actions.history")}
          onClick={onHistory}
          data-testid="review-history"
        />
      </Tooltip>
    </Space>
  );
}
