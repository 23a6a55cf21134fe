import type { PlanSummary } from "@marquee/contracts";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HttpError } from "../../services/http";
import { confirmWithdraw } from "../content/confirmWithdraw";
import { usePublications } from "../content/usePublications";
import { editPlanUrl, PLAN_KIND, publishUrl, submittablePlans } from "./actions";
import { planApi } from "./api";
import { PlanHistoryDrawer } from "./HistoryDrawer";
import type { PlanOps } from "./PlanActions";

const names = (plans: readonly PlanSummary[]) => {
  const list = plans.map((p) => p.name);
  return list.length <= 5 ? list.join(", ") : `${list.slice(0, 5).join(", ")} …`;
};

/**
 * The operations of the plan list, and the drawers they open (history,
 * publications). `onChanged` refreshes the list; `onRemoved` also drops
 * deleted plans from the selection.
 */
export function usePlanOps(onChanged: () => void, onRemoved: (ids: number[]) => void) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [historyOf, setHistoryOf] = useState<PlanSummary | null>(null);
  const publications = usePublications<PlanSummary>(PLAN_KIND, onChanged);

  const sendDelete = async (ids: number[]) => {
    try {
      await planApi.remove(ids);
      void message.success(t("playPlan.list.deleted"));
      onRemoved(ids);
    } catch (err) {
      if (err instanceof HttpError && err.message === "logout") return;
      // A plan on screens: the server says where it plays, which a toast would hide too soon.
      if (err instanceof HttpError && err.status >= 400 && err.status < 500) {
        modal.warning({
          title: t("playPlan.list.deleteRefused"),
          content: err.message,
          okText: t("common.ok"),
          width: 520,
        });
      } else void message.error(err instanceof Error ? err.message : String(err));
    }
  };

  const ops: PlanOps = {
    edit: (p) => navigate(editPlanUrl(p.id)),
    copy: (p) => {
      planApi
        .copy(p.id)
        .then(() => {
          void message.success(t("playPlan.list.copied", { name: p.name }));
          onChanged();
        })
        .catch(() => undefined); // the http client has shown why
    },
    remove: (plans) => {
      if (plans.length === 0) return;
      const onScreens = plans.filter((p) => p.terminalCount > 0).length;
      modal.confirm({
        title: t("playPlan.list.deleteConfirm", { count: plans.length }),
        content: (
          <>
            <div>{names(plans)}</div>
            <div>{t("playPlan.list.deleteHint")}</div>
            {onScreens > 0 && <div>{t("playPlan.list.deleteOnScreens", { count: onScreens })}</div>}
          </>
        ),
        okText: t("common.delete"),
        okButtonProps: { danger: true, "data-testid": "plan-delete-ok" },
        cancelText: t("common.cancel"),
        onOk: () => sendDelete(plans.map((p) => p.id)),
      });
    },
    submit: (plans) => {
      const ready = submittablePlans(plans);
      if (ready.length === 0) {
        void message.warning(t("playPlan.list.submitState"));
        return;
      }
      const skipped = plans.length - ready.length;
      modal.confirm({
        title: t("playPlan.list.submitConfirm", { count: ready.length }),
        content: skipped > 0 ? t("playPlan.list.submitSkipped", { count: skipped }) : names(ready),
        okText: t("playPlan.actions.submit"),
        okButtonProps: { "data-testid": "plan-submit-ok" },
        cancelText: t("common.cancel"),
        onOk: () =>
          planApi
            .submit(ready.map((p) => p.id))
            .then((r) => {
              void message.success(
                r.state === "approved"
                  ? t("playPlan.list.approvedAtOnce", { count: ready.length })
                  : t("playPlan.list.submitted", { count: ready.length }),
              );
              onChanged();
            })
            .catch(() => undefined), // the http client has shown why
      });
    },
    publish: (p) => navigate(publishUrl(p.id)),
    publications: publications.show,
    withdraw: (p) =>
      confirmWithdraw(modal, t, {
        title: t("playPlan.list.withdrawConfirm", { name: p.name }),
        content: t("playPlan.list.withdrawHint", { count: p.terminalCount }),
        okText: t("playPlan.actions.withdraw"),
        okTestId: "plan-withdraw-ok",
        withdraw: () => planApi.withdraw([p.id]),
        done: (count) => {
          void message.success(t("playPlan.list.withdrawn", { count }));
          onChanged();
        },
      }),
    history: setHistoryOf,
  };

  const dialogs = (
    <>
      <PlanHistoryDrawer plan={historyOf} onClose={() => setHistoryOf(null)} />
      {publications.drawer}
    </>
  );
  return { ops, dialogs };
}
