import { useQuery } from "@tanstack/react-query";
import { Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { pubMessageApi } from "./api";

/** What happened to one message: created, edited, submitted, reviewed (with the note), noted, published, withdrawn. */
export function MessageHistoryDrawer({
  message,
  onClose,
}: {
  message: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ["pubMessage", "history", message?.id],
    queryFn: () => pubMessageApi.history(message?.id ?? 0),
    enabled: message !== null,
  });
  const lines = history.data?.list ?? [];
  return (
    <Drawer
      open={message !== null}
      onClose={onClose}
      size={480}
      title={message ? t("publishMessage.history.title", { name: message.name }) : ""}
      destroyOnHidden
    >
      <Spin spinning={history.isFetching}>
        {lines.length === 0 && !history.isFetching ? (
          <Empty description={t("publishMessage.history.empty")} />
        ) : (
          <Timeline
            data-testid="message-history"
            items={lines.map((l, i) => ({
              key: `${l.at}-${i}`,
              color: l.event === "review" && l.to === "rejected" ? "red" : undefined,
              title: formatTime(l.at),
              content: (
                <Space orientation="vertical" size={2}>
                  <Space size={4} wrap>
                    <Tag>{t(`publishMessage.history.events.${l.event}`)}</Tag>
                    {l.from && l.to && l.from !== l.to ? (
                      <>
                        <StateTag state={l.from} />
                        <span aria-hidden>→</span>
                        <StateTag state={l.to} />
                      </>
                    ) : l.to ? (
                      <StateTag state={l.to} />
                    ) : null}
                  </Space>
                  <Typography.Text type="secondary">
                    {t("publishMessage.history.by", {
                      name: l.byName ?? t("publishMessage.history.unknown"),
                    })}
                  </Typography.Text>
                  {l.note ? (
                    <Typography.Text>{t("publishMessage.history.note", { note: l.note })}</Typography.Text>
                  ) : null}
                </Space>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
