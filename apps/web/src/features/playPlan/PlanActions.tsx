import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  HistoryOutlined,
  MoreOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import { Button, Dropdown, type MenuProps, Space, Tooltip } from "antd";
import type { TFunction } from "i18next";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { INLINE_ACTIONS, type InlineAction } from "../../components/rowActions";
import { type Availability, type PlanGrants, planActions } from "./actions";

/** What the page does for each action of one plan. */
export interface PlanOps {
  edit: (p: PlanSummary) => void;
  copy: (p: PlanSummary) => void;
  remove: (plans: PlanSummary[]) => void;
  submit: (plans: PlanSummary[]) => void;
  publish: (p: PlanSummary) => void;
  publications: (p: PlanSummary) => void;
  withdraw: (p: PlanSummary) => void;
  history: (p: PlanSummary) => void;
}

/** Why an action is not available, as a title. */
function reasonOf(t: TFunction, a: Availability): string | undefined {
  if (a.enabled) return undefined;
  if (a.reason === "noPermission") return t("common.noPermission");
  if (a.reason === "notPublished") return t("playPlan.list.notPublished");
  return t("playPlan.list.submitState");
}

function IconAction({
  icon,
  label,
  availability,
  onClick,
  danger,
  testId,
}: {
  icon: ReactNode;
  label: string;
  availability: Availability;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={reasonOf(t, availability) ?? label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        danger={danger}
        aria-label={label}
        disabled={!availability.enabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** Edit, publish and delete as buttons (as every content row: INLINE_ACTIONS); copy, submit, publications, withdraw and history in a menu. */
export function PlanActions({ plan, grants, ops }: { plan: PlanSummary; grants: PlanGrants; ops: PlanOps }) {
  const { t } = useTranslation();
  const can = planActions(plan, grants);
  const item = (key: keyof typeof can, icon: ReactNode, label: string, danger = false) => ({
    key,
    icon,
    danger,
    disabled: !can[key].enabled,
    label: <span title={reasonOf(t, can[key])}>{label}</span>,
  });
  const menu: MenuProps["items"] = [
    item("copy", <CopyOutlined />, t("playPlan.actions.copy")),
    item("submit", <SendOutlined />, t("playPlan.actions.submit")),
    item("publications", <UnorderedListOutlined />, t("playPlan.actions.publications")),
    item("history", <HistoryOutlined />, t("playPlan.actions.history")),
    { type: "divider" },
    item("withdraw", <DisconnectOutlined />, t("playPlan.actions.withdraw"), true),
  ];
  const onMenu: MenuProps["onClick"] = ({ key }) => {
    if (key === "copy") ops.copy(plan);
    else if (key === "submit") ops.submit([plan]);
    else if (key === "publications") ops.publications(plan);
    else if (key === "history") ops.history(plan);
    else if (key === "withdraw") ops.withdraw(plan);
  };
  const inline: Record<InlineAction, ReactNode> = {
    edit: (
      <IconAction
        icon={<EditOutlined />}
        label={t("playPlan.actions.edit")}
        availability={can.edit}
        onClick={() => ops.edit(plan)}
        testId="plan-edit"
      />
    ),
    publish: (
      <IconAction
        icon={<CloudUploadOutlined />}
        label={t("playPlan.actions.publish")}
        availability={can.publish}
        onClick={() => ops.publish(plan)}
        testId="plan-publish"
      />
    ),
    delete: (
      <IconAction
        icon={<DeleteOutlined />}
        label={t("playPlan.actions.delete")}
        availability={can.delete}
        onClick={() => ops.remove([plan])}
        danger
        testId="plan-delete"
      />
    ),
  };
  return (
    <Space size={0}>
      {INLINE_ACTIONS.map((a) => (
        <Fragment key={a}>{inline[a]}</Fragment>
      ))}
      <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={["click"]}>
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t("playPlan.actions.more")}
          data-testid="plan-more"
        />
      </Dropdown>
    </Space>
  );
}
