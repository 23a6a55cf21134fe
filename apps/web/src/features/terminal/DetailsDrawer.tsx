import { CameraOutlined, CheckCircleOutlined, StopOutlined } from "@ant-design/icons";
import { formatSize, type TerminalSummary } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Descriptions,
  type DescriptionsProps,
  Drawer,
  Empty,
  Image,
  List,
  Space,
  Spin,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { WhatPlaysPanel } from "../publish/WhatPlaysPanel";
import { type TerminalDetail, terminalApi } from "./api";
import { OutcomeTag } from "./OutcomeTag";
import { isSettled } from "./outcomes";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";
import { reasonText } from "./reason";
import { RunwayCell } from "./runway";
import { ScreenshotHistory } from "./ScreenshotHistory";
import { ScreenTruth } from "./ScreenTruth";
import { StatusDot } from "./StatusDot";
import { relativeTime, splitUptime } from "./time";
import { useCommandRun } from "./useCommandRun";
import { useNow } from "./useNow";

const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "-");

/** A section title inside the drawer. */
const Section = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={5} style={{ marginTop: 24 }}>
    {children}
  </Typography.Title>
);

/** The latest screenshot, and "take a screenshot now" (the image refreshes once the screen answered). */
function Screenshot({ terminal }: { terminal: TerminalSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shot = useCommandRun();
  const outcome = shot.run?.outcomes[0];
  const settled = shot.run !== null && !shot.run.sending && isSettled(shot.run.outcomes);
  // The new picture has a new address (it carries the picture's hash): reading the details again shows it.
  const done = settled && outcome?.state === "done";
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: ["terminal"] });
  }, [done, queryClient]);

  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      {terminal.screenshotUrl ? (
        <Image
          src={terminal.screenshotUrl}
          alt={t("terminal.screenshotOf", { name: terminal.name })}
          width="100%"
          style={{ maxHeight: 360, objectFit: "contain", background: "#000" }}
          data-testid="terminal-details-screenshot"
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("terminal.details.noScreenshot")} />
      )}
      <ScreenTruth terminal={terminal} />
      <Space wrap>
        <AuthButton
          operation={TERMINAL_PERMISSIONS.screenshot}
          routePermission={TERMINAL_ROUTE_PERMISSION}
          label={t("terminal.details.takeScreenshot")}
          icon={<CameraOutlined />}
          loading={shot.run !== null && !settled}
          onClick={() => void shot.start([terminal.id], "screenshot")}
          data-testid="terminal-details-take-screenshot"
        />
        {outcome && <OutcomeTag outcome={outcome} />}
        {outcome?.reason && <Typography.Text type="danger">{reasonText(t, outcome.reason)}</Typography.Text>}
        {outcome?.state === "offline" && (
          <Typography.Text type="secondary">{t("terminal.command.offlineHint")}</Typography.Text>
        )}
      </Space>
    </Space>
  );
}

/** What the terminal last reported: storage, uptime, network, volume, program, download error, manifest. */
function Reported({ reported }: { reported: TerminalDetail["reported"] }) {
  const { t } = useTranslation();
  if (!reported)
    return <Typography.Text type="secondary">{t("terminal.details.notReported")}</Typography.Text>;
  const uptime = splitUptime(reported.uptimeSec);
  const items: DescriptionsProps["items"] = [
    {
      key: "storage",
      label: t("terminal.details.storage"),
      children:
        reported.storageQuota === null
          ? formatSize(reported.storageUsed)
          : t("terminal.details.storageOf", {
              used: formatSize(reported.storageUsed),
              quota: formatSize(reported.storageQuota),
            }),
    },
    {
      key: "uptime",
      label: t("terminal.details.uptime"),
      children: t("terminal.details.uptimeValue", uptime),
    },
    { key: "network", label: t("terminal.details.network"), children: reported.network || "-" },
    { key: "volume", label: t("terminal.details.volume"), children: `${reported.volume}%` },
    {
      key: "program",
      label: t("terminal.details.playing"),
      children: reported.programName ?? t("terminal.nothingPlaying"),
    },
    {
      key: "download",
      label: t("terminal.details.downloadError"),
      children: reported.lastDownloadError ? (
        <Typography.Text type="danger">{reported.lastDownloadError}</Typography.Text>
      ) : (
        t("terminal.details.none")
      ),
    },
    { key: "manifest", label: t("terminal.details.manifest"), children: reported.manifestVersion ?? "-" },
  ];
  return <Descriptions size="small" bordered column={1} items={items} />;
}

/** Everything about one screen (terminalDetails): name, state, reported status, programs, screenshot, history. */
export function DetailsDrawer({
  id,
  onClose,
  onAuthorize,
  live,
}: {
  id: number | null;
  onClose: () => void;
  /** Opens "Authorise a screen" with this pending screen's code. */
  onAuthorize: (enrolCode: string) => void;
  /** Live sections (the settings screen's monitor, screenshots, programs, messages) in place of the screenshot. */
  live?: (terminal: TerminalSummary) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(TERMINAL_PERMISSIONS.edit, TERMINAL_ROUTE_PERMISSION);
  const now = useNow(15_000);
  const details = useQuery({
    queryKey: ["terminal", "details", id],
    queryFn: () => terminalApi.details(id ?? 0),
    enabled: id !== null,
    refetchInterval: 10_000,
  });
  const publish = useQuery({
    queryKey: ["terminal", "publishInfo", id],
    queryFn: () => terminalApi.publishInfo(id ?? 0),
    enabled: id !== null,
  });
  const d = details.data;
  const terminal = d?.terminal;

  const update = async (body: { name?: string; disabled?: boolean }) => {
    if (!terminal) return;
    await terminalApi.update({ id: terminal.id, ...body });
    void message.success(t("terminal.saved"));
    await queryClient.invalidateQueries({ queryKey: ["terminal"] });
  };

  const info: DescriptionsProps["items"] = terminal
    ? [
        {
          key: "status",
          label: t("terminal.details.status"),
          children: <StatusDot status={terminal.status} />,
        },
        {
          key: "state",
          label: t("terminal.details.state"),
          children: t(`terminal.states.${terminal.state}`),
        },
        {
          key: "fault",
          label: t("terminal.details.fault"),
          children: terminal.fault ? (
            <Typography.Text type="danger">{reasonText(t, terminal.fault)}</Typography.Text>
          ) : (
            t("terminal.details.none")
          ),
        },
        {
          key: "place",
          label: t("terminal.columns.place"),
          children: [terminal.officeName, terminal.groupName].filter(Boolean).join(" / ") || "-",
        },
        { key: "model", label: t("terminal.details.model"), children: terminal.model },
        { key: "version", label: t("terminal.columns.version"), children: terminal.version },
        {
          key: "resolution",
          label: t("terminal.columns.resolution"),
          children: `${terminal.width}×${terminal.height}`,
        },
        { key: "ip", label: t("terminal.columns.ip"), children: terminal.ip ?? "-" },
        {
          key: "code",
          label: t("terminal.columns.code"),
          children: <Typography.Text code>{terminal.enrolCode}</Typography.Text>,
        },
        {
          key: "lastSeen",
          label: t("terminal.columns.lastSeen"),
          children: (() => {
            const ago = relativeTime(terminal.lastSeenAt, now);
            const text = t(`terminal.ago.${ago.key}`, "values" in ago ? ago.values : undefined);
            return terminal.lastSeenAt ? `${text} (${when(terminal.lastSeenAt)})` : text;
          })(),
        },
        { key: "created", label: t("terminal.details.created"), children: when(terminal.createDate) },
        // Offline runway (issue 24): until when it plays without the network, and why then.
        {
          key: "runway",
          label: t("terminal.details.runway"),
          span: "filled",
          children: <RunwayCell runway={terminal.runway} now={now} />,
        },
      ]
    : [];
  const programs = publish.data?.programs ?? d?.programs ?? [];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      data-testid="terminal-details"
      title={
        terminal ? (
          <Typography.Text
            editable={
              canEdit
                ? {
                    maxLength: 100,
                    tooltip: t("terminal.details.rename"),
                    onChange: (name) => {
                      const trimmed = name.trim();
                      if (trimmed && trimmed !== terminal.name)
                        void update({ name: trimmed }).catch(() => undefined);
                    },
                  }
                : false
            }
            data-testid="terminal-details-name"
          >
            {terminal.name}
          </Typography.Text>
        ) : (
          t("terminal.details.title")
        )
      }
      extra={
        terminal && (
          <Space>
            {terminal.state === "pending" && (
              <AuthButton
                type="primary"
                operation={TERMINAL_PERMISSIONS.authorize}
                routePermission={TERMINAL_ROUTE_PERMISSION}
                label={t("terminal.authorize.button")}
                icon={<CheckCircleOutlined />}
                onClick={() => onAuthorize(terminal.enrolCode)}
                data-testid="terminal-details-authorize"
              />
            )}
            {terminal.state === "disabled" ? (
              <AuthButton
                operation={TERMINAL_PERMISSIONS.edit}
                routePermission={TERMINAL_ROUTE_PERMISSION}
                label={t("terminal.batch.enable")}
                icon={<CheckCircleOutlined />}
                onClick={() => void update({ disabled: false }).catch(() => undefined)}
                data-testid="terminal-details-enable"
              />
            ) : (
              <AuthButton
                operation={TERMINAL_PERMISSIONS.edit}
                routePermission={TERMINAL_ROUTE_PERMISSION}
                label={t("terminal.batch.disable")}
                icon={<StopOutlined />}
                danger
                onClick={() => void update({ disabled: true }).catch(() => undefined)}
                data-testid="terminal-details-disable"
              />
            )}
          </Space>
        )
      }
    >
      {details.isError && !d ? (
        <Alert type="error" showIcon title={t("terminal.details.failed")} />
      ) : !terminal || !d ? (
        <Spin style={{ display: "block", marginTop: 80 }} />
      ) : (
        <>
          <Descriptions size="small" bordered column={2} items={info} />
          {live ? (
            live(terminal)
          ) : (
            <>
              <Section>{t("terminal.details.screenshot")}</Section>
              <Screenshot key={terminal.id} terminal={terminal} />
              <Section>{t("terminal.shots.title")}</Section>
              <ScreenshotHistory
                key={`history-${terminal.id}`}
                terminalId={terminal.id}
                name={terminal.name}
              />
            </>
          )}
          <Section>{t("terminal.details.reported")}</Section>
          <Reported reported={d.reported} />
          <Section>{t("publish.whatPlays.title")}</Section>
          <WhatPlaysPanel terminalId={terminal.id} />
          <Section>{t("terminal.details.programs")}</Section>
          {programs.length === 0 ? (
            <Typography.Text type="secondary">{t("terminal.details.noPrograms")}</Typography.Text>
          ) : (
            <List
              size="small"
              bordered
              dataSource={programs}
              rowKey="id"
              renderItem={(p, i) => (
                <List.Item>
                  <Typography.Text>
                    {i + 1}. {p.name}
                  </Typography.Text>
                  {publish.data?.playing?.programId === p.id && (
                    <Tag color="green">{t("terminal.details.onScreen")}</Tag>
                  )}
                </List.Item>
              )}
            />
          )}
          <Section>{t("terminal.details.commands")}</Section>
          {d.recentCommands.length === 0 ? (
            <Typography.Text type="secondary">{t("terminal.details.noCommands")}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={d.recentCommands}
              rowKey="id"
              renderItem={(c) => (
                <List.Item>
                  <List.Item.Meta
                    title={t(`terminal.commands.${c.name}`, { defaultValue: c.name })}
                    description={
                      <>
                        {when(c.createDate)}
                        {c.reason && (
                          <Typography.Text type="danger" style={{ display: "block" }}>
                            {reasonText(t, c.reason)}
                          </Typography.Text>
                        )}
                      </>
                    }
                  />
                  <OutcomeTag outcome={c} />
                </List.Item>
              )}
            />
          )}
          <Section>{t("terminal.details.events")}</Section>
          {d.recentEvents.length === 0 ? (
            <Typography.Text type="secondary">{t("terminal.details.noEvents")}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={d.recentEvents}
              rowKey={(e) => `${e.at}-${e.kind}-${e.message}`}
              renderItem={(e) => (
                <List.Item>
                  <List.Item.Meta
                    title={t(`terminal.events.${e.kind}`, { defaultValue: e.kind })}
                    description={reasonText(t, e.message)}
                  />
                  <Typography.Text type="secondary">{when(e.at)}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
