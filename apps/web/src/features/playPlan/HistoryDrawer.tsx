import { useQuery } from "@tanstack/react-query";
import { Drawer, Empty, Space, Spin, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../program/format";
import { StateTag } from "../program/StateTag";
import { planApi } from "./api";

/** The history of one plan: creation, edits, submissions, decisions with their notes, notes, publishing. */
export function PlanHistoryDrawer({
  plan,
  onClose,
}: {
  plan: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ["plan", "history", plan?.id],
    queryFn: () => planApi.history(plan?.id ?? 0),
    enabled: plan !== null,
  });
  const entries = history.data?.list ?? [];
  return (
    <Drawer
      open={plan !== null}
      onClose={onClose}
      size={480}
      title={plan ? t("playPlan.history.title", { name: plan.name }) : ""}
      destroyOnHidden
    >
      <Spin spinning={history.isFetching}>
        {entries.length === 0 && !history.isFetching ? (
          <Empty description={t("playPlan.history.empty")} />
        ) : (
          <Timeline
            data-testid="plan-history"
            items={entries.map((e, i) => ({
              key: `${e.at}-${i}`,
              title: formatTime(e.at),
              content: (
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>{t(`playPlan.history.events.${e.event}`)}</Typography.Text>
                  {(e.from || e.to) && (
                    <Space size={4} wrap>
                      {e.from && <StateTag state={e.from} />}
                      {e.from && e.to && <span aria-hidden>→</span>}
                      {e.to && <StateTag state={e.to} />}
                    </Space>
                  )}
                  <Typography.Text type="secondary">
                    {t("playPlan.history.by", { name: e.byName ?? t("playPlan.history.unknown") })}
                  </Typography.Text>
                  {e.note && (
                    <Typography.Text>{t("playPlan.history.note", { note: e.note })}</Typography.Text>
                  )}
                </Space>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
