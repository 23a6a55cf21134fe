import {
  CloudUploadOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  MoreOutlined,
  NodeIndexOutlined,
  SendOutlined,
} from "@ant-design/icons";
import type { PubMessageSummary } from "@marquee/contracts";
import { Button, Dropdown, type MenuProps, Space, Tooltip } from "antd";
import type { TFunction } from "i18next";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { INLINE_ACTIONS, type InlineAction } from "../../components/rowActions";
import { type MessageAction, type MessageAvailability, type MessageGrants, messageActions } from "./actions";

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
  const button = (
    action: MessageAction,
    icon: ReactNode,
    onClick: () => void,
    extra: { danger?: boolean } = {},
  ) => (
    <Tooltip title={blockText(t, can[action]) ?? t(`publishMessage.actions.${action}`)}>
      <Button
        type="text"
        size="small"
        icon={icon}
        danger={extra.danger}
        aria-label={t(`publishMessage.actions.${action}`)}
        disabled={!can[action].enabled}
        onClick={onClick}
        data-testid={`message-${action}`}
      />
    </Tooltip>
  );
  const item = (action: MessageAction, icon: ReactNode) => ({
    key: action,
    icon,
    disabled: !can[action].enabled,
    label: (
      <span title={blockText(t, can[action])} data-testid={`message-menu-${action}`}>
        {t(`publishMessage.actions.${action}`)}
      </span>
    ),
  });
  const menu: MenuProps["items"] = [
    item("submit", <SendOutlined />),
    item("publications", <NodeIndexOutlined />),
    item("withdraw", <DisconnectOutlined />),
    item("history", <HistoryOutlined />),
  ];
  const onMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "submit") ops.submit([row]);
    else if (key === "publications") ops.publications(row);
    else if (key === "withdraw") ops.withdraw(row);
    else if (key === "history") ops.history(row);
  };
  const inline: Record<InlineAction, ReactNode> = {
    edit: button("edit", <EditOutlined />, () => ops.edit(row)),
    publish: button("publish", <CloudUploadOutlined />, () => ops.publish(row)),
    delete: button("delete", <DeleteOutlined />, () => ops.remove([row]), { danger: true }),
  };
  return (
    <Space size={0}>
      {INLINE_ACTIONS.map((a) => (
        <Fragment key={a}>{inline[a]}</Fragment>
      ))}
      {button("preview", <EyeOutlined />, () => ops.preview(row))}
      <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={["click"]}>
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("publishMessage.actions.more")}
          data-testid="message-more"
        />
      </Dropdown>
    </Space>
  );
}
