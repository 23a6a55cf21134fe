import { NotificationOutlined, ScheduleOutlined, WarningOutlined } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { canvasLabel } from "../program/canvas";
import { formatTime } from "../program/format";
import { ProgramThumb } from "../program/ProgramThumb";
import { StateTag } from "../program/StateTag";
import type { PublishContent } from "./useContent";

/** Plans show the thumbnails of this many of their programs. */
const PLAN_THUMBS = 6;

/** What is being published: name, state and a summary fit for its kind (thumbnail, plan span, message look). */
export function ContentCard({ content }: { content: PublishContent }) {
  const { t } = useTranslation();
  return (
    <Space align="start" size="large" wrap data-testid="publish-content">
      {content.kind === "program" && <ProgramThumb program={content.program} width={200} height={120} />}
      {content.kind === "message" && <MessageLook content={content} />}
      <Space orientation="vertical" size={4}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {content.name}
          </Typography.Title>
          <StateTag state={content.state} />
        </Space>
        <Typography.Text type="secondary">{t(`publish.kinds.${content.kind}`)}</Typography.Text>
        {content.kind === "program" && (
          <>
            <Typography.Text>
              {canvasLabel(content.program.width, content.program.height)} ·{" "}
              {t("program.list.contentOf", {
                scenes: content.program.sceneCount,
                widgets: content.program.widgetCount,
              })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t("program.list.updatedAt", { time: formatTime(content.program.updateDate) })}
            </Typography.Text>
          </>
        )}
        {content.kind === "plan" && <PlanSummaryLines content={content} />}
        {content.kind === "message" && (
          <Space wrap>
            <Tag icon={<NotificationOutlined />}>
              {t(`publish.messageKinds.${content.message.message.kind}`)}
            </Tag>
            {content.message.message.priority === "emergency" && (
              <Tag color="red">{t("publish.emergency")}</Tag>
            )}
            <Typography.Text type="secondary">
              {content.message.message.startAt || content.message.message.endAt
                ? t("publish.content.shownBetween", {
                    from: content.message.message.startAt
                      ? formatTime(content.message.message.startAt)
                      : t("publish.content.now"),
                    to: content.message.message.endAt
                      ? formatTime(content.message.message.endAt)
                      : t("publish.content.noEnd"),
                  })
                : t("publish.content.shownAlways")}
            </Typography.Text>
          </Space>
        )}
      </Space>
    </Space>
  );
}

function PlanSummaryLines({ content }: { content: Extract<PublishContent, { kind: "plan" }> }) {
  const { t } = useTranslation();
  const { plan, programs } = content.plan;
  return (
    <Space orientation="vertical" size={4}>
      <Typography.Text>
        <ScheduleOutlined /> {t("publish.content.planItems", { count: plan.itemCount })}
        {plan.startDate &&
          ` · ${
            plan.endDate
              ? t("publish.why.dateRange", { start: plan.startDate, end: plan.endDate })
              : t("publish.why.fromDate", { start: plan.startDate })
          }`}
      </Typography.Text>
      {plan.conflictCount > 0 && (
        <Typography.Text type="warning">
          <WarningOutlined /> {t("publish.content.planConflicts", { count: plan.conflictCount })}
        </Typography.Text>
      )}
      {programs.length > 0 && (
        <Space wrap size={8} style={{ marginTop: 4 }}>
          {programs.slice(0, PLAN_THUMBS).map((p) => (
            <Space key={p.id} orientation="vertical" size={2} style={{ width: 96 }}>
              <ProgramThumb program={p} width={96} height={56} />
              <Typography.Text ellipsis={{ tooltip: p.name }} style={{ fontSize: 12, maxWidth: 96 }}>
                {p.name}
              </Typography.Text>
            </Space>
          ))}
          {programs.length > PLAN_THUMBS && (
            <Typography.Text type="secondary">
              {t("publish.content.morePrograms", { count: programs.length - PLAN_THUMBS })}
            </Typography.Text>
          )}
        </Space>
      )}
    </Space>
  );
}

/** A message drawn in its own colours, as a strip (scrolling) or a box (notice). */
function MessageLook({ content }: { content: Extract<PublishContent, { kind: "message" }> }) {
  const { doc } = content.message;
  return (
    <div
      aria-hidden
      style={{
        width: 240,
        height: doc.kind === "notice" ? 120 : 40,
        display: "flex",
        alignItems: "center",
        justifyContent: doc.kind === "notice" ? "center" : "flex-start",
        padding: "0 12px",
        overflow: "hidden",
        whiteSpace: doc.kind === "notice" ? "normal" : "nowrap",
        textOverflow: "ellipsis",
        color: doc.color,
        background: doc.background,
        fontWeight: doc.bold ? 700 : 400,
        fontFamily: doc.fontFamily || undefined,
        borderRadius: 4,
        border: "1px solid rgba(128,128,128,0.3)",
      }}
    >
      {doc.text}
    </div>
  );
}
