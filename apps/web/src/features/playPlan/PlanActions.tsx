import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  HistoryOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { INLINE_ACTIONS, type InlineAction } from "../../components/rowActions";
import { RowActions, type RowButton } from "../content/RowActions";
import { type Availability, PLAN_KIND, type PlanGrants, planActions } from "./actions";

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

/** Edit, publish and delete as buttons (as every content row: INLINE_ACTIONS); copy, submit, publications, withdraw and history in a menu. */
export function PlanActions({ plan, grants, ops }: { plan: PlanSummary; grants: PlanGrants; ops: PlanOps }) {
  const { t } = useTranslation();
  const can = planActions(plan, grants);
  const entry = (
    key: keyof typeof can,
    icon: ReactNode,
    label: string,
    onClick: () => void,
    danger = false,
  ) => ({
    key,
    icon,
    label,
    availability: can[key],
    onClick,
    danger,
  });
  const inline: Record<InlineAction, RowButton<Availability>> = {
    edit: {
      ...entry("edit", <EditOutlined />, t("playPlan.actions.edit"), () => ops.edit(plan)),
      testId: "plan-edit",
    },
    publish: {
      ...entry("publish", <CloudUploadOutlined />, t("playPlan.actions.publish"), () => ops.publish(plan)),
      testId: "plan-publish",
    },
    delete: {
      ...entry("delete", <DeleteOutlined />, t("playPlan.actions.delete"), () => ops.remove([plan]), true),
      testId: "plan-delete",
    },
  };
  return (
    <RowActions
      kind={PLAN_KIND}
      buttons={INLINE_ACTIONS.map((a) => inline[a])}
      menu={[
        entry("copy", <CopyOutlined />, t("playPlan.actions.copy"), () => ops.copy(plan)),
        entry("submit", <SendOutlined />, t("playPlan.actions.submit"), () => ops.submit([plan])),
        entry("publications", <UnorderedListOutlined />, t("playPlan.actions.publications"), () =>
          ops.publications(plan),
        ),
        entry("history", <HistoryOutlined />, t("playPlan.actions.history"), () => ops.history(plan)),
        "divider",
        entry(
          "withdraw",
          <DisconnectOutlined />,
          t("playPlan.actions.withdraw"),
          () => ops.withdraw(plan),
          true,
        ),
      ]}
      reason={(a) => reasonOf(t, a)}
    />
  );
}
