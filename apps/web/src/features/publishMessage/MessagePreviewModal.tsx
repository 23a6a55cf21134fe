import { useQuery } from "@tanstack/react-query";
import { Descriptions, Empty, Modal, Spin, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { pubMessageApi } from "./api";
import { MessagePreview } from "./MessagePreview";

/** A message as the screens show it, with its settings; `footer` holds the page's actions on it (review). */
export function MessagePreviewModal({
  message,
  onClose,
  footer,
}: {
  message: { id: number; name: string } | null;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ["pubMessage", "detail", message?.id],
    queryFn: () => pubMessageApi.detail(message?.id ?? 0, { silent: true }),
    enabled: message !== null,
  });
  const d = detail.data;
  return (
    <Modal
      open={message !== null}
      onCancel={onClose}
      title={message ? t("publishMessage.previewTitle", { name: message.name }) : ""}
      footer={footer ?? null}
      width={760}
      destroyOnHidden
    >
      <Spin spinning={detail.isFetching}>
        {d ? (
          <div data-testid="message-preview-modal">
            <MessagePreview doc={d.doc} maxWidth={712} />
            <Descriptions
              size="small"
              column={2}
              style={{ marginTop: 16 }}
              items={[
                {
                  key: "state",
                  label: t("publishMessage.list.columns.state"),
                  children: <StateTag state={d.message.state} />,
                },
                {
                  key: "priority",
                  label: t("publishMessage.list.columns.priority"),
                  children: (
                    <Tag color={d.doc.priority === "emergency" ? "red" : undefined}>
                      {t(`publishMessage.priorities.${d.doc.priority}`)}
                    </Tag>
                  ),
                },
                {
                  key: "kind",
                  label: t("publishMessage.list.columns.kind"),
                  children: `${t(`publishMessage.kinds.${d.doc.kind}`)} · ${t(`publishMessage.positions.${d.doc.position}`)}`,
                },
                {
                  key: "period",
                  label: t("publishMessage.list.columns.period"),
                  children: `${d.message.startAt ? formatTime(d.message.startAt) : t("publishMessage.list.startOpen")} → ${
                    d.message.endAt ? formatTime(d.message.endAt) : t("publishMessage.list.endOpen")
                  }`,
                },
                {
                  key: "text",
                  label: t("publishMessage.list.columns.text"),
                  span: 2,
                  children: (
                    <Typography.Text style={{ whiteSpace: "pre-wrap" }}>{d.doc.text}</Typography.Text>
                  ),
                },
              ]}
            />
          </div>
        ) : detail.isError ? (
          <Empty
            description={
              detail.error instanceof Error ? detail.error.message : t("publishMessage.form.loadFailed")
            }
          />
        ) : (
          <div style={{ height: 240 }} />
        )}
      </Spin>
    </Modal>
  );
}
