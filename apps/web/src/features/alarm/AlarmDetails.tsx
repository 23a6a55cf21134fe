import { type AlarmDetailResponse, formatSize } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { reasonText } from "../terminal/reason";
import { alarmMessage, KIND_COLOR, when } from "./alarmText";
import { alarmApi } from "./api";

type Detail = AlarmDetailResponse;

/** The alarm's own story (raised, repeated, cleared) merged with the terminal's events, newest first. */
function timelineItems(d: Detail, t: ReturnType<typeof useTranslation>["t"]) {
  const a = d.alarm;
  const items: Array<{ at: string; color: string; text: string; testId: string }> = [
    {
      at: a.raisedAt,
      color: "red",
      text: t("alarm.timeline.raised", { kind: t(`alarm.kind.${a.kind}`) }),
      testId: "raised",
    },
  ];
  if (a.count > 1)
    items.push({
      at: a.lastAt,
      color: "orange",
      text: t("alarm.timeline.repeated", { count: a.count }),
      testId: "last",
    });
  if (a.clearedAt)
    items.push({
      at: a.clearedAt,
      color: "green",
      text:
        a.clearedBy === null
          ? t("alarm.timeline.clearedByRule")
          : t("alarm.timeline.clearedBy", { name: a.clearedByName ?? `#${a.clearedBy}` }),
      testId: "cleared",
    });
  for (const e of d.events)
    items.push({
      at: e.at,
      color: "gray",
      text: `${e.kind}: ${reasonText(t, e.message)}`,
      testId: `event-${e.id}`,
    });
  return items.sort((x, y) => y.at.localeCompare(x.at));
}

/** One alarm: what, where, its timeline with the terminal's events around it, and the terminal's recent commands. */
export function AlarmDetails({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const details = useQuery({
    queryKey: ["alarm", "details", id],
    queryFn: () => alarmApi.details(id as number),
    enabled: id !== null,
  });
  const d = details.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={id !== null ? t("alarm.details.title", { id }) : ""}
      data-testid="alarm-details"
    >
      {details.isError ? (
        <Alert type="error" showIcon title={t("alarm.details.failed")} />
      ) : !d ? (
        <Spin style={{ display: "block", marginTop: 80 }} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: "kind",
                label: t("alarm.columns.kind"),
                children: (
                  <Space>
                    <Tag color={KIND_COLOR[d.alarm.kind]}>{t(`alarm.kind.${d.alarm.kind}`)}</Tag>
                    <Tag color={d.alarm.state === "open" ? "error" : "default"}>
                      {t(`alarm.state.${d.alarm.state}`)}
                    </Tag>
                  </Space>
                ),
              },
              { key: "message", label: t("alarm.columns.message"), children: alarmMessage(d.alarm, t) },
              { key: "count", label: t("alarm.columns.count"), children: d.alarm.count },
              { key: "note", label: t("alarm.details.note"), children: d.alarm.clearNote ?? "-" },
              {
                key: "terminal",
                label: t("alarm.columns.terminal"),
                children: (
                  <Space orientation="vertical" size={0}>
                    <span>{d.terminal.name}</span>
                    <Typography.Text type="secondary">{d.terminal.deviceId}</Typography.Text>
                  </Space>
                ),
              },
              { key: "office", label: t("alarm.columns.office"), children: d.terminal.officeName ?? "-" },
              {
                key: "status",
                label: t("alarm.details.terminalStatus"),
                children: (
                  <Space wrap>
                    <Tag color={d.terminal.online ? "success" : "default"}>
                      {d.terminal.online ? t("alarm.details.online") : t("alarm.details.offline")}
                    </Tag>
                    {d.terminal.fault && <Tag color="error">{reasonText(t, d.terminal.fault)}</Tag>}
                    <Typography.Text type="secondary">
                      {t("alarm.details.lastSeen", { time: when(d.terminal.lastSeenAt) })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                key: "device",
                label: t("alarm.details.device"),
                children: `${d.terminal.model} · ${d.terminal.version}${d.terminal.ip ? ` · ${d.terminal.ip}` : ""}`,
              },
              {
                key: "storage",
                label: t("alarm.details.storage"),
                children:
                  d.terminal.storageUsed === null
                    ? "-"
                    : d.terminal.storageQuota
                      ? `${formatSize(d.terminal.storageUsed)} / ${formatSize(d.terminal.storageQuota)}`
                      : formatSize(d.terminal.storageUsed),
              },
            ]}
          />
          <Typography.Title level={5}>{t("alarm.details.timeline")}</Typography.Title>
          <Timeline
            data-testid="alarm-timeline"
            items={timelineItems(d, t).map((i) => ({
              key: i.testId,
              color: i.color,
              content: (
                <Space orientation="vertical" size={0} data-testid={`alarm-timeline-${i.testId}`}>
                  <Typography.Text>{i.text}</Typography.Text>
                  <Typography.Text type="secondary">{when(i.at)}</Typography.Text>
                </Space>
              ),
            }))}
          />
          <Typography.Title level={5}>{t("alarm.details.commands")}</Typography.Title>
          {d.commands.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("alarm.details.noCommands")} />
          ) : (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.commands}
              columns={[
                { key: "name", title: t("alarm.details.command"), dataIndex: "name" },
                {
                  key: "state",
                  title: t("alarm.columns.state"),
                  render: (_, c) => (c.reason ? `${c.state}: ${reasonText(t, c.reason)}` : c.state),
                },
                { key: "time", title: t("alarm.details.sent"), render: (_, c) => when(c.createDate) },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
