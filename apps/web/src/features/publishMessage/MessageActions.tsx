import {
  CloudUploadOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
  SendOutlined,
} from "@ant-design/icons";
import type { PubMessageSummary } from "@marquee/contracts";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { INLINE_ACTIONS, type InlineAction } from "../../components/rowActions";
import { RowActions, type RowButton } from "../content/RowActions";
import {
  MESSAGE_KIND,
  type MessageAction,
  type MessageAvailability,
  type MessageGrants,
  messageActions,
} from "./actions";

/** What the page does for each action of one message. */
export type MessageOps = Record<
  Exclude<MessageAction, "delete" | "submit">,
  (m: PubMessageSummary) => void
> & {
  remove: (rows: PubMessageSummary[]) => void;
  submit: (rows: PubMessageSummary[]) => void;
};

/** Why an action is not available, as a title. */
export function blockText(t: TFunction, a: MessageAvailability): string | undefined {
  if (a.enabled) return undefined;
  return a.reason === "noPermission" ? t("common.noPermission") : t(`publishMessage.blocks.${a.reason}`);
}

/**
 * Edit, publish and delete as buttons (as every content row: INLINE_ACTIONS),
 * then preview; the rest in a menu, each disabled with its reason.
 */
export function MessageActions({
  row,
  grants,
  audit,
  ops,
}: {
  row: PubMessageSummary;
  grants: MessageGrants;
  audit: boolean;
  ops: MessageOps;
}) {
  const { t } = useTranslation();
  const can = messageActions(row, grants, audit);
  const action = (key: MessageAction, icon: ReactNode, onClick: () => void, danger?: boolean) => ({
    key,
    icon,
    label: t(`publishMessage.actions.${key}`),
    availability: can[key],
    onClick,
    danger,
  });
  const button = (key: MessageAction, icon: ReactNode, onClick: () => void, danger?: boolean) => ({
    ...action(key, icon, onClick, danger),
    testId: `message-${key}`,
  });
  const item = (key: MessageAction, icon: ReactNode, onClick: () => void) => ({
    ...action(key, icon, onClick),
    testId: `message-menu-${key}`,
  });
  const inline: Record<InlineAction, RowButton<MessageAvailability>> = {
    edit: button("edit", <EditOutlined />, () => ops.edit(row)),
    publish: button("publish", <CloudUploadOutlined />, () => ops.publish(row)),
    delete: button("delete", <DeleteOutlined />, () => ops.remove([row]), true),
  };
  return (
    <RowActions
      kind={MESSAGE_KIND}
      buttons={[
        ...INLINE_ACTIONS.map((a) => inline[a]),
        button("preview", <EyeOutlined />, () => ops.preview(row)),
      ]}
      menu={[
        item("submit", <SendOutlined />, () => ops.submit([row])),
        item("publications", <NodeIndexOutlined />, () => ops.publications(row)),
        item("withdraw", <DisconnectOutlined />, () => ops.withdraw(row)),
        item("history", <HistoryOutlined />, () => ops.history(row)),
      ]}
      reason={(a) => blockText(t, a)}
    />
  );
}
