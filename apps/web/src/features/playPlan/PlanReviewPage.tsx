import {
  CheckOutlined,
  CloseOutlined,
  CommentOutlined,
  HistoryOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import type { FitColumns } from "../../components/fitColumns";
import { REVIEW_PAGE_SIZE, ReviewLayout, type ReviewView } from "../../components/ReviewLayout";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { PLAN_PERMISSIONS } from "./actions";
import { planApi } from "./api";
import { PlanHistoryDrawer } from "./HistoryDrawer";
import { PlanPreview } from "./PlanPreview";
import { PlanDates } from "./PlanTable";
import { DecisionModal, type DecisionTarget, NoteModal } from "./ReviewDialogs";

const REVIEW = PLAN_PERMISSIONS.review;
const NO_ROWS: PlanSummary[] = [];

/**
 * Plan review (playPlan/checklist): the plans waiting for a decision, a
 * preview of the chosen one on its timeline, approve or reject with a note,
 * notes, and the history of decisions. The server refuses a reviewer's
 * decision on their own submission; its words are shown.
 */
export default function PlanReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: REVIEW_PAGE_SIZE });
  const [name, setName] = useState("");
  const [state, setState] = useState<ReviewView>("pending");
  const [selected, setSelected] = useState<Map<number, PlanSummary>>(() => new Map());
  const [current, setCurrent] = useState<PlanSummary | null>(null);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [noteFor, setNoteFor] = useState<PlanSummary | null>(null);
  const [historyOf, setHistoryOf] = useState<PlanSummary | null>(null);

  const query = { ...page, name: name || undefined, state };
  const list = useQuery({
    queryKey: ["plan", "checklist", query],
    queryFn: () => planApi.checklist(query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? NO_ROWS;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["plan"] });

  const ask = (result: DecisionTarget["result"], plans: PlanSummary[]) =>
    setTarget({ result, ids: plans.map((p) => p.id), names: plans.map((p) => p.name) });
  const decided = (d: DecisionTarget) => {
    void message.success(
      d.result === "approved"
        ? t("playPlan.review.approved", { count: d.ids.length })
        : t("playPlan.review.rejected", { count: d.ids.length }),
    );
    setSelected((s) => new Map([...s].filter(([id]) => !d.ids.includes(id))));
    if (current && d.ids.includes(current.id)) setCurrent(null);
    refresh();
  };

  const decide = (r: PlanSummary) => (
    <Space size={4}>
      <AuthButton
        size="small"
        type="link"
        operation={REVIEW}
        routePermission={REVIEW}
        label={t("playPlan.review.approve")}
        icon={<CheckOutlined />}
        disabled={r.state !== "pending"}
        onClick={() => ask("approved", [r])}
        data-testid="plan-approve"
      />
      <AuthButton
        size="small"
        type="link"
        danger
        operation={REVIEW}
        routePermission={REVIEW}
        label={t("playPlan.review.reject")}
        icon={<CloseOutlined />}
        disabled={r.state !== "pending"}
        onClick={() => ask("rejected", [r])}
        data-testid="plan-reject"
      />
    </Space>
  );

  const columns: FitColumns<PlanSummary> = [
    {
      key: "name",
      title: t("playPlan.list.columns.name"),
      render: (_, r) => (
        <Typography.Link
          onClick={() => setCurrent(r)}
          ellipsis
          style={{ maxWidth: 260, fontWeight: current?.id === r.id ? 600 : undefined }}
          data-testid="plan-review-open"
        >
          {r.name}
        </Typography.Link>
      ),
    },
    {
      key: "state",
      title: t("playPlan.list.columns.state"),
      width: 120,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "items",
      drop: 1,
      title: t("playPlan.list.columns.items"),
      width: 80,
      align: "right",
      render: (_, r) => r.itemCount,
    },
    {
      key: "conflicts",
      drop: 2,
      title: t("playPlan.list.columns.conflicts"),
      width: 100,
      render: (_, r) =>
        r.conflictCount > 0 ? (
          <Tag color="red" icon={<WarningOutlined />}>
            {r.conflictCount}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t("playPlan.list.noConflicts")}</Typography.Text>
        ),
    },
    {
      key: "dates",
      drop: 5,
      title: t("playPlan.list.columns.dates"),
      width: 200,
      render: (_, r) => <PlanDates plan={r} />,
    },
    {
      key: "submitter",
      drop: 3,
      title: t("playPlan.review.submitter"),
      width: 130,
      render: (_, r) => r.updatedByName ?? r.creatorName ?? "",
    },
    {
      key: "updateDate",
      drop: 4,
      title: t("playPlan.review.submitted"),
      width: 160,
      render: (_, r) => formatTime(r.updateDate),
    },
    { key: "actions", title: t("playPlan.list.columns.actions"), width: 200, render: (_, r) => decide(r) },
  ];

  const selection = new Map([...selected].filter(([, p]) => p.state === "pending"));

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <ReviewLayout<PlanSummary>
        kind="plan"
        rows={rows}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        onRefresh={refresh}
        page={page}
        onPage={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
        onSearch={(v) => {
          setName(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        view={state}
        onView={(s) => {
          setState(s);
          setSelected(new Map());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        selected={selection}
        onSelect={setSelected}
        permission={REVIEW}
        onDecide={(result) => ask(result, [...selection.values()])}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => setCurrent(r) })}
      />
      {current && (
        <Card
          title={t("playPlan.review.previewTitle", { name: current.name })}
          extra={
            <Space wrap>
              {current.state === "pending" && decide(current)}
              <AuthButton
                size="small"
                operation={REVIEW}
                routePermission={REVIEW}
                label={t("playPlan.review.addNote")}
                icon={<CommentOutlined />}
                onClick={() => setNoteFor(current)}
                data-testid="plan-note-button"
              />
              <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistoryOf(current)}>
                {t("playPlan.actions.history")}
              </Button>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                onClick={() => setCurrent(null)}
                aria-label={t("common.close")}
              />
            </Space>
          }
        >
          <PlanPreview key={`${current.id}:${current.version}`} plan={current} />
        </Card>
      )}
      <DecisionModal target={target} onClose={() => setTarget(null)} onDone={decided} />
      <NoteModal
        plan={noteFor}
        onClose={() => setNoteFor(null)}
        onDone={() => {
          void message.success(t("playPlan.review.noted"));
          void queryClient.invalidateQueries({ queryKey: ["plan", "history"] });
        }}
      />
      <PlanHistoryDrawer plan={historyOf} onClose={() => setHistoryOf(null)} />
    </Space>
  );
}
