import { Space, Tag } from "antd";
import { HistoryDrawer, type HistoryKind } from "../content/HistoryDrawer";
import { StateTag } from "../program/StateTag";
import { MESSAGE_KIND } from "./actions";
import { type ContentHistoryLine, pubMessageApi } from "./api";

/** What happened to a message: created, edited, submitted, reviewed (with the note), noted, published, withdrawn. */
const MESSAGE_HISTORY: HistoryKind<ContentHistoryLine> = {
  content: MESSAGE_KIND,
  load: pubMessageApi.history,
  colour: (l) => (l.event === "review" && l.to === "rejected" ? "red" : undefined),
  change: (l, t) => (
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
  ),
};

/** The history of one message. */
export function MessageHistoryDrawer({
  message,
  onClose,
}: {
  message: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return <HistoryDrawer kind={MESSAGE_HISTORY} item={message} onClose={onClose} />;
}
