import { CheckOutlined, CloseOutlined, FormOutlined, HistoryOutlined } from "@ant-design/icons";
import { Button, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";

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
            label={t("publishMessage.review.approve")}
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
            label={t("publishMessage.review.reject")}
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
        label={t("publishMessage.review.addNote")}
        icon={<FormOutlined />}
        onClick={onNote}
        data-testid="review-note-open"
      />
      <Tooltip title={t("publishMessage.actions.history")}>
        <Button
          size="small"
          type="text"
          icon={<HistoryOutlined />}
          aria-label={t("publishMessage.actions.history")}
          onClick={onHistory}
          data-testid="review-history"
        />
      </Tooltip>
    </Space>
  );
}
