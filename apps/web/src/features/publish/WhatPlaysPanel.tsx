import { AlertOutlined, ClockCircleOutlined, NotificationOutlined } from "@ant-design/icons";
import { type Candidate, hidesProgram, type Tier } from "@marquee/schedule";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Empty, Space, Spin, Tag, Typography, theme } from "antd";
import { Children, type ReactNode, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { publishApi } from "./api";
import { instantFormatter, tierText, untilText, whySentence } from "./why";

/** Tier colours: the stronger, the warmer. */
const TIER_COLORS: Record<Tier, string> = {
  emergency: "red",
  high: "orange",
  normal: "blue",
  filler: "default",
};

/** What plays is asked again at this pace, and right after the next change the answer announced. */
const REFRESH_MS = 30_000;

/**
 * "What plays now, and why" on one terminal (terminal/whatPlays): the programs in rotation and their
 * tier, the plan, item rule and what they overrule, the active messages and an interrupting emergency
 * message, and until when this holds; the resolver's reasons worded in the reader's language.
 */
export function WhatPlaysPanel({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const answer = useQuery({
    queryKey: ["publish", "whatPlays", terminalId],
    queryFn: () => publishApi.whatPlays(terminalId),
    refetchInterval: REFRESH_MS,
  });
  const r = answer.data?.resolution;
  const { refetch } = answer;
  // Ask again as soon as the answer's "until" comes, so the panel turns with the screen.
  const until = r?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now() + 1000;
    if (wait <= 0 || wait > REFRESH_MS) return;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [until, refetch]);

  const programs = answer.data?.programs;
  const names = useMemo(() => new Map((programs ?? []).map((p) => [p.id, p.name])), [programs]);
  const programName = (id: number) => names.get(id) ?? t("publish.whatPlays.programNo", { id });
  const timezone = answer.data?.timezone;
  // Re-made with each answer, so "today" follows the clock.
  const answeredAt = answer.dataUpdatedAt;
  const formatInstant = useMemo(
    () => instantFormatter(timezone, answeredAt || Date.now()),
    [timezone, answeredAt],
  );
  const ctx = { t, programName, formatInstant };

  if (answer.isError && !r)
    return (
      <Alert
        type="warning"
        showIcon
        title={t("publish.whatPlays.failed")}
        description={answer.error.message}
        data-testid="publish-what-plays-error"
      />
    );
  if (!r) return <Spin />;

  const candidateLine = (c: Candidate) => (
    <Space wrap size={4}>
      <Typography.Text strong>{programName(c.programId)}</Typography.Text>
      <Tag color={TIER_COLORS[c.tier]}>{tierText(c.tier, t)}</Tag>
    </Space>
  );

  return (
    <Space orientation="vertical" style={{ width: "100%" }} data-testid="publish-what-plays">
      {r.interrupt && (
        <Alert
          type="error"
          showIcon
          icon={<AlertOutlined />}
          title={t(
            hidesProgram(r.interrupt.doc) ? "publish.whatPlays.alone" : "publish.whatPlays.interrupted",
            {
              name: r.interrupt.name,
            },
          )}
          description={r.interrupt.doc.text}
          data-testid="publish-what-plays-interrupt"
        />
      )}
      {r.playing.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("publish.whatPlays.nothing")} />
      ) : (
        <Space wrap>
          <Typography.Text type="secondary">{t("publish.whatPlays.now")}</Typography.Text>
          {r.playing.map((c) => (
            <span key={`${c.planId}:${c.itemId ?? "default"}:${c.programId}`}>{candidateLine(c)}</span>
          ))}
        </Space>
      )}
      <Typography.Text type="secondary">
        <ClockCircleOutlined /> {untilText(r.until, ctx)}
        {answer.data?.timezone ? ` · ${t("publish.whatPlays.timezone", { zone: answer.data.timezone })}` : ""}
      </Typography.Text>
      {r.why.length > 0 && (
        <Lines title={t("publish.whatPlays.why")}>
          {r.why.map((w, i) => (
            // The resolver's lines have no identity of their own; their order is their meaning.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={i} data-testid="publish-why" data-kind={w.kind}>
              {whySentence(w, ctx)}
            </div>
          ))}
        </Lines>
      )}
      {r.messages.length > 0 && (
        <Lines title={t("publish.whatPlays.messages")}>
          {r.messages.map((m) => (
            <Space key={m.id} wrap>
              <NotificationOutlined />
              <Typography.Text>{m.name}</Typography.Text>
              {m.doc.priority === "emergency" && <Tag color="red">{t("publish.emergency")}</Tag>}
              <Typography.Text type="secondary">
                {m.endAt === null
                  ? t("publish.whatPlays.messageOpen")
                  : t("publish.whatPlays.messageUntil", { time: formatInstant(m.endAt) })}
              </Typography.Text>
            </Space>
          ))}
        </Lines>
      )}
    </Space>
  );
}

/** A titled box of lines, one below the other. */
function Lines({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={title} styles={{ body: { padding: "4px 12px" } }}>
      {Children.map(children, (child, i) => (
        <div style={{ padding: "6px 0", borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}>
          {child}
        </div>
      ))}
    </Card>
  );
}
