import { EyeOutlined } from "@ant-design/icons";
import type { PubMessageSummary } from "@marquee/contracts";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { FitColumns } from "../../components/fitColumns";
import { ReviewList } from "../content/ReviewList";
import { formatTime } from "../program/format";
import { MESSAGE_PERMISSIONS } from "./actions";
import { pubMessageApi } from "./api";
import { excerpt } from "./form";
import { MessageHistoryDrawer } from "./MessageHistoryDrawer";
import { MessagePreviewModal } from "./MessagePreviewModal";

/** Message review (messageCheck, publishMessage/checklist): preview pending messages, approve or reject with a note. */
export default function MessageReviewPage() {
  const { t } = useTranslation();
  const columns = (open: (m: PubMessageSummary) => void): FitColumns<PubMessageSummary> => [
    {
      key: "name",
      title: t("publishMessage.list.columns.name"),
      width: 200,
      render: (_, m) => (
        <Typography.Link onClick={() => open(m)} ellipsis style={{ maxWidth: 180 }} title={m.name}>
          {m.name}
        </Typography.Link>
      ),
    },
    {
      key: "text",
      drop: 3,
      title: t("publishMessage.list.columns.text"),
      width: 240,
      render: (_, m) => (
        <Typography.Text type="secondary" title={m.text}>
          {excerpt(m.text)}
        </Typography.Text>
      ),
    },
    {
      key: "kind",
      drop: 4,
      title: t("publishMessage.list.columns.kind"),
      width: 120,
      render: (_, m) => t(`publishMessage.kinds.${m.kind}`),
    },
    {
      key: "priority",
      title: t("publishMessage.list.columns.priority"),
      width: 100,
      render: (_, m) => (
        <Tag color={m.priority === "emergency" ? "red" : undefined}>
          {t(`publishMessage.priorities.${m.priority}`)}
        </Tag>
      ),
    },
    {
      key: "period",
      title: t("publishMessage.list.columns.period"),
      width: 170,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <span>{m.startAt ? formatTime(m.startAt) : t("publishMessage.list.startOpen")}</span>
          <Typography.Text type="secondary">
            {m.endAt ? formatTime(m.endAt) : t("publishMessage.list.endOpen")}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  return (
    <ReviewList<PubMessageSummary>
      kind="message"
      queryKey="pubMessage"
      permission={MESSAGE_PERMISSIONS.review}
      api={pubMessageApi}
      columns={columns}
      openAction={{
        label: t("publishMessage.actions.preview"),
        icon: <EyeOutlined />,
        testId: "review-preview",
      }}
      renderOpen={(m, close, footer) => <MessagePreviewModal message={m} onClose={close} footer={footer} />}
      renderHistory={(m, close) => <MessageHistoryDrawer message={m} onClose={close} />}
    />
  );
}
