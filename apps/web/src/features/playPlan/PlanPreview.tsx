import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { PlanSummary } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Empty, Result, Space, Spin, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { planApi } from "./api";
import { ConflictList } from "./ConflictList";
import { PlanPanel } from "./PlanPanel";
import { conflictedIds, conflictsOf } from "./resolver";
import { Timeline } from "./Timeline";
import { addDays, datesFrom, weekStart } from "./timeline";

/** The week a plan is first seen in: this week when it plays by now, else the week it starts. */
export function firstWeek(plan: Pick<PlanSummary, "startDate" | "endDate">, today: string): string {
  const thisWeek = weekStart(today);
  if (!plan.startDate || plan.startDate <= addDays(thisWeek, 6)) {
    if (plan.endDate && plan.endDate < thisWeek) return weekStart(plan.endDate);
    return thisWeek;
  }
  return weekStart(plan.startDate);
}

/** A plan as a reviewer sees it: its week on the timeline (read-only), its items, its overlaps. */
export function PlanPreview({ plan }: { plan: PlanSummary }) {
  const { t } = useTranslation();
  const today = dayjs().format("YYYY-MM-DD");
  const [week, setWeek] = useState(() => firstWeek(plan, today));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: ["plan", "detail", plan.id, plan.version],
    queryFn: () => planApi.detail(plan.id, { silent: true }),
  });
  const doc = detail.data?.doc;
  const names = useMemo(() => new Map((detail.data?.programs ?? []).map((p) => [p.id, p])), [detail.data]);
  const programName = (id: number) => names.get(id)?.name ?? t("playPlan.programN", { id });
  const conflicts = useMemo(() => conflictsOf(doc?.items ?? []), [doc]);
  const conflicted = useMemo(() => conflictedIds(conflicts.list), [conflicts.list]);
  const days = useMemo(() => datesFrom(week, 7), [week]);

  if (detail.isLoading) return <Spin style={{ display: "block", margin: "48px auto" }} />;
  if (detail.isError || !doc)
    return (
      <Result
        status="warning"
        title={t("playPlan.make.loadFailed")}
        subTitle={detail.error instanceof Error ? detail.error.message : ""}
      />
    );
  return (
    <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }} data-testid="plan-review-preview">
      <div style={{ flex: "1 1 640px", minWidth: 0 }}>
        <Space style={{ marginBottom: 8 }} wrap>
          <Button
            size="small"
            icon={<LeftOutlined />}
            onClick={() => setWeek((w) => addDays(w, -7))}
            aria-label={t("playPlan.make.prevWeek")}
          />
          <Typography.Text>{t("playPlan.review.week", { from: week, to: addDays(week, 6) })}</Typography.Text>
          <Button
            size="small"
            icon={<RightOutlined />}
            onClick={() => setWeek((w) => addDays(w, 7))}
            aria-label={t("playPlan.make.nextWeek")}
          />
          <Button size="small" onClick={() => setWeek(weekStart(today))}>
            {t("playPlan.make.thisWeek")}
          </Button>
        </Space>
        {doc.items.length === 0 && doc.defaultProgramId === null ? (
          <Empty description={t("playPlan.panel.noItemsRead")} />
        ) : (
          <Timeline
            days={days}
            items={doc.items}
            programName={programName}
            conflicted={conflicted}
            selectedId={selectedId}
            pxPerHour={30}
            fineLines={60}
            snapStep={15}
            height={460}
            readOnly
            today={today}
            onSelect={setSelectedId}
            testId="plan-review-timeline"
          />
        )}
      </div>
      <div style={{ flex: "0 1 340px", minWidth: 280 }}>
        <PlanPanel
          doc={doc}
          known={names}
          programName={programName}
          conflicted={conflicted}
          selectedId={selectedId}
          readOnly
          onSelect={setSelectedId}
        />
        {(conflicts.list.length > 0 || conflicts.error) && (
          <div style={{ marginTop: 12 }}>
            <Typography.Text strong>{t("playPlan.make.tabConflicts")}</Typography.Text>
            <ConflictList
              conflicts={conflicts.list}
              error={conflicts.error}
              items={doc.items}
              programName={programName}
              onSelect={setSelectedId}
            />
          </div>
        )}
      </div>
    </div>
  );
}
