import { Space, Typography } from "antd";
import { HistoryDrawer, type HistoryKind } from "../content/HistoryDrawer";
import { StateTag } from "../program/StateTag";
import { PLAN_KIND } from "./actions";
import { type HistoryEntry, planApi } from "./api";

/** A plan's history: creation, edits, submissions, decisions with their notes, notes, publishing. */
const PLAN_HISTORY: HistoryKind<HistoryEntry> = {
  content: PLAN_KIND,
  load: planApi.history,
  change: (e, t) => (
    <>
      <Typography.Text strong>{t(`playPlan.history.events.${e.event}`)}</Typography.Text>
      {(e.from || e.to) && (
        <Space size={4} wrap>
          {e.from && <StateTag state={e.from} />}
          {e.from && e.to && <span aria-hidden>→</span>}
          {e.to && <StateTag state={e.to} />}
        </Space>
      )}
    </>
  ),
};

/** The history of one plan. */
export function PlanHistoryDrawer({
  plan,
  onClose,
}: {
  plan: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return <HistoryDrawer kind={PLAN_HISTORY} item={plan} onClose={onClose} />;
}
