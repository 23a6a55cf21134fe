import { CameraOutlined, DeleteOutlined, SyncOutlined } from "@ant-design/icons";
import type { CommandOutcome } from "@marquee/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Badge,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Image,
  List,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { terminalSetApi } from "./api";
import { OutcomeTag } from "./OutcomeTag";
import { isSettled } from "./outcomes";
import { SETTING_ROUTE_PERMISSION, TERMINAL_PERMISSIONS } from "./permissions";
import { reasonText } from "./reason";
import { ScreenshotHistory } from "./ScreenshotHistory";
import { StatusDot } from "./StatusDot";
import { useCommandRun } from "./useCommandRun";

/** The live view refreshes this often while the drawer is open. */
const MONITOR_REFRESH_MS = 5_000;
const when = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "-");

const Section = ({ children, extra }: { children: ReactNode; extra?: ReactNode }) => (
  <div style={{ display: "flex", alignItems: "center", gap: 8, marginTop: 24, marginBottom: 8 }}>
    <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
      {children}
    </Typography.Title>
    {extra}
  </div>
);

/** An outcome that did not end done: its state and why. */
function Failure({ outcome }: { outcome: CommandOutcome }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <OutcomeTag outcome={outcome} />
      <Typography.Text type={outcome.state === "failed" ? "danger" : "secondary"}>
        {outcome.state === "offline"
          ? t("terminal.command.offlineHint")
          : (reasonText(t, outcome.reason) ?? "")}
      </Typography.Text>
    </Space>
  );
}

/** getRltMonitor: status, screen on/off, brightness, clock offset, program, what the settings make of now. */
function Monitor({ id }: { id: number }) {
  const { t } = useTranslation();
  const monitor = useQuery({
    queryKey: ["terminal", "monitor", id, "live"],
    queryFn: () => terminalSetApi.monitor([id]),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  const m = monitor.data?.list[0];
  if (!m) return monitor.isError ? <Alert type="error" title={t("terminal.live.failed")} /> : <Spin />;
  const r = m.reported;
  const yesNo = (v: boolean | null | undefined) =>
    v === null || v === undefined ? "-" : t(v ? "terminal.live.on" : "terminal.live.off");
  const items: DescriptionsProps["items"] = [
    { key: "status", label: t("terminal.details.status"), children: <StatusDot status={m.status} /> },
    {
      key: "screen",
      label: t("terminal.live.screen"),
      children: (
        <span data-testid="terminal-live-screen">
          <Badge status={r?.screenOn === false ? "default" : "success"} text={yesNo(r?.screenOn)} />
        </span>
      ),
    },
    {
      key: "brightness",
      label: t("terminal.settings.fields.brightness"),
      children: r?.brightness === null || r?.brightness === undefined ? "-" : `${r.brightness}%`,
    },
    { key: "volume", label: t("terminal.details.volume"), children: r ? `${r.volume}%` : "-" },
    {
      key: "rotation",
      label: t("terminal.settings.fields.rotation"),
      children: r?.rotation === null || r?.rotation === undefined ? "-" : `${r.rotation}°`,
    },
    {
      key: "clock",
      label: t("terminal.live.clockOffset"),
      children:
        r?.clockOffsetMs === null || r?.clockOffsetMs === undefined
          ? "-"
          : t("terminal.live.ms", { ms: r.clockOffsetMs, rtt: r.rttMs ?? "-" }),
    },
    {
      key: "program",
      label: t("terminal.details.playing"),
      children: r?.programName ?? t("terminal.nothingPlaying"),
    },
    { key: "version", label: t("terminal.columns.version"), children: r?.version ?? "-" },
    { key: "zone", label: t("terminal.live.timezone"), children: m.timezone },
    {
      key: "strategy",
      label: t("terminal.live.strategy"),
      children: m.strategyName ?? t("terminal.details.none"),
    },
    {
      key: "now",
      label: t("terminal.live.settingsNow"),
      span: 2,
      children: [
        t(m.now.screenOn ? "terminal.preview.on" : "terminal.preview.off"),
        m.now.volume === null ? null : t("terminal.preview.volume", { volume: m.now.volume }),
        t(m.now.downloadAllowed ? "terminal.preview.downloads" : "terminal.preview.noDownloads"),
        m.now.nextChangeAt ? t("terminal.live.nextChange", { at: when(m.now.nextChangeAt) }) : null,
      ]
        .filter(Boolean)
        .join(" · "),
    },
  ];
  return <Descriptions size="small" bordered column={2} items={items} data-testid="terminal-live-monitor" />;
}

/** The latest screenshot (onlyScreenShoot), and a new one now (getRltScreenShoot: the call waits for it). */
function Screenshot({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: ["terminal", "onlyScreenShoot", id],
    queryFn: () => terminalSetApi.latestScreenshot(id),
  });
  const live = useMutation({
    mutationFn: () => terminalSetApi.liveScreenshot(id),
    onSuccess: (answer) => {
      // The new picture is the newest of the history too.
      if (answer.screenshot)
        void queryClient.invalidateQueries({ queryKey: ["terminal", "screenshotHistory", id] });
      if (answer.screenshot)
        queryClient.setQueryData(["terminal", "onlyScreenShoot", id], {
          code: 0,
          msg: "",
          terminalId: id,
          screenshot: answer.screenshot,
        });
    },
  });
  const shot = latest.data?.screenshot;
  const missed = live.data && !live.data.screenshot ? live.data.outcome : null;
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Spin spinning={live.isPending} description={t("terminal.live.waitingShot")}>
        {shot ? (
          <Space orientation="vertical" size={2} style={{ width: "100%" }}>
            <Image
              src={shot.url}
              alt={t("terminal.screenshotOf", { name })}
              width="100%"
              style={{ maxHeight: 360, objectFit: "contain", background: "#000" }}
              data-testid="terminal-live-screenshot"
            />
            <Typography.Text type="secondary">
              {t("terminal.live.takenAt", { at: when(shot.at) })}
            </Typography.Text>
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("terminal.details.noScreenshot")} />
        )}
      </Spin>
      <Space wrap>
        <AuthButton
          operation={TERMINAL_PERMISSIONS.screenshot}
          routePermission={SETTING_ROUTE_PERMISSION}
          label={t("terminal.details.takeScreenshot")}
          icon={<CameraOutlined />}
          loading={live.isPending}
          onClick={() => live.mutate()}
          data-testid="terminal-live-take-screenshot"
        />
        {missed && <Failure outcome={missed} />}
      </Space>
    </Space>
  );
}

/** What is on screen against what should be (getCurTerminalProgram). */
function CurrentProgram({ id }: { id: number }) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: ["terminal", "curProgram", id],
    queryFn: () => terminalSetApi.currentPrograms([id]),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  const c = current.data?.list[0];
  if (!c) return current.isError ? <Alert type="error" title={t("terminal.live.failed")} /> : <Spin />;
  const expected = c.expected.programNames.join(", ") || t("terminal.nothingPlaying");
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="terminal-live-current"
      items={[
        {
          key: "playing",
          label: t("terminal.details.playing"),
          children: c.playing?.programName ?? t("terminal.nothingPlaying"),
        },
        {
          key: "expected",
          label: t("terminal.live.expected"),
          children: (
            <Space wrap>
              {expected}
              <Tag>{t(`terminal.live.sources.${c.expected.source}`)}</Tag>
              {c.expected.tier && (
                <Tag>{t(`playPlan.tiers.${c.expected.tier}`, { defaultValue: c.expected.tier })}</Tag>
              )}
            </Space>
          ),
        },
        {
          key: "matches",
          label: t("terminal.live.matches"),
          children:
            c.matches === null ? (
              "-"
            ) : c.matches ? (
              <Tag color="green">{t("terminal.live.yes")}</Tag>
            ) : (
              <Tag color="red">{t("terminal.live.no")}</Tag>
            ),
        },
      ]}
    />
  );
}

/** Programs the terminal holds beside those it should (onlyProgramList); "ask the screen" (getRltPrograms) refreshes them. */
function Programs({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ask = useCommandRun();
  const list = useQuery({
    queryKey: ["terminal", "programList", id],
    queryFn: () => terminalSetApi.programList(id),
  });
  const outcome = ask.run?.outcomes[0];
  const settled = ask.run !== null && !ask.run.sending && isSettled(ask.run.outcomes);
  const done = settled && outcome?.state === "done";
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: ["terminal", "programList", id] });
  }, [done, id, queryClient]);
  const data = list.data;

  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <AuthButton
          size="small"
          operation={TERMINAL_PERMISSIONS.command}
          routePermission={SETTING_ROUTE_PERMISSION}
          label={t("terminal.live.askPrograms")}
          icon={<SyncOutlined />}
          loading={ask.run !== null && !settled}
          onClick={() => void ask.send([id], "programs", (ids) => terminalSetApi.askPrograms(ids))}
          data-testid="terminal-live-ask-programs"
        />
        {settled && outcome && outcome.state !== "done" && <Failure outcome={outcome} />}
        <Typography.Text type="secondary">
          {data?.reportedAt
            ? t("terminal.live.reportedAt", { at: when(data.reportedAt) })
            : t("terminal.live.neverReported")}
        </Typography.Text>
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t("terminal.details.noPrograms") }}
        data-testid="terminal-live-programs"
        columns={[
          {
            key: "name",
            title: t("terminal.live.program"),
            render: (_, r) => (
              <Space>
                {r.name}
                {data?.current === r.id && <Tag color="green">{t("terminal.details.onScreen")}</Tag>}
              </Space>
            ),
          },
          {
            key: "expected",
            title: t("terminal.live.shouldHold"),
            width: 120,
            render: (_, r) => (r.expected ? `v${r.expectedVersion ?? "-"}` : "-"),
          },
          {
            key: "held",
            title: t("terminal.live.holds"),
            width: 120,
            render: (_, r) => (r.held ? `v${r.heldVersion ?? "-"}` : "-"),
          },
          {
            key: "state",
            title: t("terminal.details.state"),
            width: 130,
            render: (_, r) =>
              r.missing ? (
                <Tag color="red">{t("terminal.live.missing")}</Tag>
              ) : !r.expected ? (
                <Tag>{t("terminal.live.extra")}</Tag>
              ) : (
                <Tag color="green">{t("terminal.live.ready")}</Tag>
              ),
          },
        ]}
      />
    </Space>
  );
}

/** The messages on the terminal now (getCurTerminalMessage), each of which can be stopped there. */
function Messages({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: ["terminal", "curMessages", id],
    queryFn: () => terminalSetApi.currentMessages(id),
  });
  const remove = (messageId: number, name: string) =>
    modal.confirm({
      title: t("terminal.live.deleteMessage", { name }),
      content: t("terminal.live.deleteMessageHint"),
      okText: t("common.delete"),
      okButtonProps: { danger: true, "data-testid": "terminal-live-message-delete-ok" },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await terminalSetApi.deleteMessage(id, messageId);
          void message.success(t("terminal.live.messageDeleted"));
          await queryClient.invalidateQueries({ queryKey: ["terminal", "curMessages", id] });
        } catch {
          // shown by the http client
        }
      },
    });
  return (
    <List
      size="small"
      bordered
      loading={messages.isLoading}
      dataSource={messages.data?.list ?? []}
      rowKey="id"
      locale={{ emptyText: t("terminal.live.noMessages") }}
      data-testid="terminal-live-messages"
      renderItem={(m) => (
        <List.Item
          actions={[
            <AuthButton
              key="delete"
              size="small"
              danger
              type="text"
              icon={<DeleteOutlined />}
              operation={TERMINAL_PERMISSIONS.command}
              routePermission={SETTING_ROUTE_PERMISSION}
              label={t("common.delete")}
              onClick={() => remove(m.id, m.name)}
              data-testid={`terminal-live-message-delete-${m.id}`}
            />,
          ]}
        >
          <List.Item.Meta
            title={
              <Space>
                {m.name}
                {m.emergency && <Tag color="red">{t("terminal.live.emergency")}</Tag>}
                {m.playNow && <Tag color="blue">{t("terminal.live.playNow")}</Tag>}
              </Space>
            }
            description={`${when(m.startAt)} – ${m.endAt ? when(m.endAt) : t("terminal.playNow.untilStopped")}`}
          />
        </List.Item>
      )}
    />
  );
}

/** The live sections of a terminal's details on the settings screen. */
export function LivePanel({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="terminal-live">
      <Section>{t("terminal.live.monitor")}</Section>
      <Monitor id={id} />
      <Section>{t("terminal.details.screenshot")}</Section>
      <Screenshot id={id} name={name} />
      <Section>{t("terminal.shots.title")}</Section>
      <ScreenshotHistory terminalId={id} name={name} />
      <Section>{t("terminal.live.current")}</Section>
      <CurrentProgram id={id} />
      <Section>{t("terminal.live.programs")}</Section>
      <Programs id={id} />
      <Section>{t("terminal.live.messages")}</Section>
      <Messages id={id} />
    </div>
  );
}
