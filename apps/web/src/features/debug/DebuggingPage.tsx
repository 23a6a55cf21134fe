import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type { CommandOutcome, DebugSocketMessage, Permission } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Empty,
  Form,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { dateTime, timeMs } from "../../components/dateTime";
import { HttpError } from "../../services/http";
import { OutcomeTag } from "../terminal/OutcomeTag";
import { mergeOutcomes, movingIds } from "../terminal/outcomes";
import { reasonText } from "../terminal/reason";
import { StatusDot } from "../terminal/StatusDot";
import { debugApi } from "./api";
import {
  appendCapped,
  frameSummary,
  frameTypes,
  LOG_LEVELS,
  type LogLevel,
  logLinesOf,
  MAX_FRAMES,
  MAX_LOG_LINES,
  type PaneFrame,
  type PaneLog,
  parseArgs,
  toPaneFrame,
  validCommandName,
  visibleFrames,
  visibleLines,
} from "./frames";
import { type SocketStatus, useDebugSocket } from "./useDebugSocket";

/** The route permission of the debugging screen; its only operation is the same. */
const DEBUG_PERMISSION: Permission = "terminal:device:debug";

const time = (ms: number) => timeMs(ms);

const LEVEL_COLORS: Record<LogLevel, string> = {
  debug: "default",
  info: "blue",
  warn: "orange",
  error: "red",
};
const SOCKET_BADGE: Record<SocketStatus, "default" | "processing" | "success" | "warning" | "error"> = {
  idle: "default",
  connecting: "processing",
  open: "success",
  retrying: "warning",
  refused: "error",
};

/** Chooses a terminal of the caller's range by name (searched on the server). */
function TerminalChooser({ value, onChange }: { value?: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const list = useQuery({
    queryKey: ["debug", "terminals", name],
    queryFn: () => debugApi.terminals({ name: name || undefined, pageNo: 1, pageSize: 50 }),
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (v) => setName(v.trim()) }}
      style={{ width: 360 }}
      value={value}
      onChange={onChange}
      loading={list.isFetching}
      placeholder={t("debug.chooseTerminal")}
      notFoundContent={t("debug.noTerminal")}
      options={(list.data?.list ?? []).map((x) => ({
        value: x.id,
        label: x.officeName ? `${x.name} (${x.officeName})` : x.name,
      }))}
      data-testid="debug-terminal"
    />
  );
}

/** One frame: arrow, time, type, summary; opens to its JSON. */
function FrameRow({ f }: { f: PaneFrame }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div
      data-testid="debug-frame"
      data-dir={f.dir}
      data-type={f.type}
      style={{ borderBottom: "1px solid #f0f0f0" }}
    >
      <Button
        type="text"
        size="small"
        block
        style={{ textAlign: "left", height: "auto" }}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        title={f.dir === "in" ? t("debug.frames.in") : t("debug.frames.out")}
      >
        <Space size={6} style={{ fontFamily: "monospace", fontSize: 12 }}>
          {f.dir === "in" ? (
            <ArrowDownOutlined style={{ color: "#1677ff" }} aria-label={t("debug.frames.in")} />
          ) : (
            <ArrowUpOutlined style={{ color: "#52c41a" }} aria-label={t("debug.frames.out")} />
          )}
          <span>{time(f.at)}</span>
          <Tag>{f.type}</Tag>
          <span>{frameSummary(f).slice(0, 160)}</span>
          {f.truncated !== undefined && (
            <Tag color="orange">{t("debug.frames.truncated", { bytes: f.truncated })}</Tag>
          )}
        </Space>
      </Button>
      {open && (
        <pre style={{ margin: "0 8px 8px", fontSize: 12, maxHeight: 320, overflow: "auto" }}>
          {JSON.stringify(f.frame, null, 2)}
        </pre>
      )}
    </div>
  );
}

/** The raw command form and the outcomes of what it sent, followed live. */
function RawCommand({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; args: string }>();
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<CommandOutcome[]>([]);
  const moving = movingIds(outcomes);
  useQuery({
    queryKey: ["debug", "results", moving],
    queryFn: async () => {
      const r = await debugApi.results(moving);
      setOutcomes((cur) => mergeOutcomes(cur, r.list));
      return r;
    },
    enabled: moving.length > 0,
    refetchInterval: 1000,
  });
  const submit = async (v: { name: string; args: string }) => {
    const parsed = parseArgs(v.args ?? "");
    if (!parsed.ok) return;
    setSending(true);
    try {
      const r = await debugApi.send({ terminalId, name: v.name.trim(), args: parsed.args });
      setOutcomes((cur) => [r.outcome, ...cur].slice(0, 20));
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        form.setFields(
          err.fieldErrors.map((e) => ({
            name:
              e.field === "args" || e.field.startsWith("args.")
                ? "args"
                : e.field === "name"
                  ? "name"
                  : "args",
            errors: [e.message],
          })),
        );
      } else {
        form.setFields([{ name: "name", errors: [err instanceof Error ? err.message : String(err)] }]);
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <Card size="small" title={t("debug.raw.title")}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: "", args: "{}" }}>
        <Form.Item
          name="name"
          label={t("debug.raw.name")}
          rules={[
            { required: true, message: t("debug.raw.nameRequired") },
            {
              validator: (_, v: string) =>
                !v || validCommandName(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("debug.raw.nameInvalid"))),
            },
          ]}
        >
          <Input placeholder="refresh" maxLength={40} data-testid="debug-raw-name" />
        </Form.Item>
        <Form.Item
          name="args"
          label={t("debug.raw.args")}
          rules={[
            {
              validator: (_, v: string) => {
                const r = parseArgs(v ?? "");
                return r.ok
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(`debug.raw.argsError.${r.error}`)));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} style={{ fontFamily: "monospace" }} data-testid="debug-raw-args" />
        </Form.Item>
        <AuthButton
          type="primary"
          htmlType="submit"
          loading={sending}
          operation={DEBUG_PERMISSION}
          routePermission={DEBUG_PERMISSION}
          label={t("debug.raw.send")}
          data-testid="debug-raw-send"
        />
      </Form>
      {outcomes.length > 0 && (
        <Table<CommandOutcome>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={outcomes}
          data-testid="debug-raw-outcomes"
          columns={[
            { key: "name", title: t("debug.raw.name"), dataIndex: "name" },
            { key: "state", title: t("debug.raw.state"), render: (_, o) => <OutcomeTag outcome={o} /> },
            {
              key: "reason",
              title: t("debug.raw.result"),
              render: (_, o) =>
                reasonText(t, o.reason) ?? (o.data ? JSON.stringify(o.data).slice(0, 200) : "-"),
            },
            { key: "at", title: t("debug.raw.sentAt"), render: (_, o) => time(Date.parse(o.createDate)) },
          ]}
        />
      )}
    </Card>
  );
}

/** What the terminal did lately (commands and events), as the page opens. */
function Recent({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const recent = useQuery({
    queryKey: ["debug", "recent", terminalId],
    queryFn: () => debugApi.recent(terminalId),
  });
  const data = recent.data;
  return (
    <Collapse
      size="small"
      items={[
        {
          key: "recent",
          label: t("debug.recent.title"),
          children: !data ? (
            <Empty />
          ) : (
            <Row gutter={16}>
              <Col xs={24} lg={14}>
                <Table<CommandOutcome>
                  size="small"
                  rowKey="id"
                  pagination={{ pageSize: 10 }}
                  dataSource={data.commands}
                  columns={[
                    { key: "name", title: t("debug.raw.name"), dataIndex: "name" },
                    {
                      key: "state",
                      title: t("debug.raw.state"),
                      render: (_, o) => <OutcomeTag outcome={o} />,
                    },
                    {
                      key: "reason",
                      title: t("debug.raw.result"),
                      render: (_, o) => reasonText(t, o.reason) ?? "-",
                    },
                    {
                      key: "at",
                      title: t("debug.raw.sentAt"),
                      render: (_, o) => dateTime(o.createDate),
                    },
                  ]}
                />
              </Col>
              <Col xs={24} lg={10}>
                <Table
                  size="small"
                  rowKey={(e) => `${e.at}-${e.kind}-${e.message}`}
                  pagination={{ pageSize: 10 }}
                  dataSource={data.events}
                  locale={{ emptyText: t("debug.recent.noEvents") }}
                  columns={[
                    { key: "kind", title: t("debug.recent.kind"), dataIndex: "kind" },
                    {
                      key: "message",
                      title: t("debug.recent.message"),
                      render: (_, e) => reasonText(t, e.message),
                    },
                    {
                      key: "at",
                      title: t("debug.recent.at"),
                      render: (_, e) => dateTime(e.at),
                    },
                  ]}
                />
              </Col>
            </Row>
          ),
        },
      ]}
    />
  );
}

/** The live view of one terminal (keyed by it: another terminal starts clean). */
export function TerminalWatch({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const [frames, setFrames] = useState<PaneFrame[]>([]);
  const [lines, setLines] = useState<PaneLog[]>([]);
  const [state, setState] = useState<{ online: boolean; held: boolean } | null>(null);
  const [dropped, setDropped] = useState(0);
  const [types, setTypes] = useState<string[]>([]);
  const [heartbeats, setHeartbeats] = useState(false);
  const [level, setLevel] = useState<LogLevel>("debug");
  const [paused, setPaused] = useState(false);
  /** What arrived while paused: shown when the pane resumes. */
  const held = useRef<{ frames: PaneFrame[]; lines: PaneLog[] }>({ frames: [], lines: [] });
  const [heldCount, setHeldCount] = useState(0);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  const onMessage = (m: DebugSocketMessage) => {
    if (m.kind === "state") setState({ online: m.online, held: m.held });
    else if (m.kind === "dropped") setDropped((d) => d + m.count);
    else if (m.kind === "frame") {
      const f = toPaneFrame(m);
      const l = logLinesOf(m);
      if (pausedRef.current) {
        held.current.frames = appendCapped(held.current.frames, [f], MAX_FRAMES);
        held.current.lines = appendCapped(held.current.lines, l, MAX_LOG_LINES);
        setHeldCount((n) => n + 1);
        return;
      }
      setFrames((cur) => appendCapped(cur, [f], MAX_FRAMES));
      if (l.length) setLines((cur) => appendCapped(cur, l, MAX_LOG_LINES));
    }
  };
  const socket = useDebugSocket(terminalId, onMessage);

  const resume = () => {
    const h = held.current;
    held.current = { frames: [], lines: [] };
    setFrames((cur) => appendCapped(cur, h.frames, MAX_FRAMES));
    setLines((cur) => appendCapped(cur, h.lines, MAX_LOG_LINES));
    setHeldCount(0);
    setPaused(false);
  };

  const shownFrames = useMemo(
    () => visibleFrames(frames, { types, heartbeats }),
    [frames, types, heartbeats],
  );
  const shownLines = useMemo(() => visibleLines(lines, level), [lines, level]);
  const typeOptions = useMemo(() => frameTypes(frames).map((x) => ({ value: x, label: x })), [frames]);

  return (
    <>
      <Space wrap size={16}>
        <Badge
          status={SOCKET_BADGE[socket.status]}
          text={t(`debug.socket.${socket.status}`, { attempt: socket.attempt })}
          data-testid="debug-socket-status"
        />
        {state && (
          <Space size={8} data-testid="debug-terminal-state">
            <StatusDot status={state.online ? "online" : "offline"} />
            <Typography.Text type="secondary">
              {state.held ? t("debug.heldHere") : state.online ? t("debug.heldElsewhere") : ""}
            </Typography.Text>
          </Space>
        )}
      </Space>
      {dropped > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setDropped(0) }}
          title={t("debug.dropped", { count: dropped })}
          data-testid="debug-dropped"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            title={t("debug.frames.title")}
            extra={
              <Space wrap>
                <Select
                  mode="multiple"
                  allowClear
                  style={{ minWidth: 180 }}
                  placeholder={t("debug.frames.allTypes")}
                  value={types}
                  onChange={setTypes}
                  options={typeOptions}
                  data-testid="debug-frame-types"
                />
                <Checkbox checked={heartbeats} onChange={(e) => setHeartbeats(e.target.checked)}>
                  {t("debug.frames.heartbeats")}
                </Checkbox>
                {paused ? (
                  <Button onClick={resume} data-testid="debug-resume">
                    {t("debug.resume", { count: heldCount })}
                  </Button>
                ) : (
                  <Button onClick={() => setPaused(true)} data-testid="debug-pause">
                    {t("debug.pause")}
                  </Button>
                )}
                <Button onClick={() => setFrames([])}>{t("debug.clear")}</Button>
              </Space>
            }
          >
            <div style={{ height: 420, overflow: "auto" }} data-testid="debug-frames">
              {shownFrames.length === 0 ? (
                <Empty description={t("debug.frames.none")} />
              ) : (
                shownFrames
                  .slice()
                  .reverse()
                  .map((f) => <FrameRow key={f.seq} f={f} />)
              )}
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={t("debug.log.title")}
            extra={
              <Space>
                <Select<LogLevel>
                  value={level}
                  onChange={setLevel}
                  style={{ width: 120 }}
                  options={LOG_LEVELS.map((l) => ({ value: l, label: t(`debug.log.level.${l}`) }))}
                  data-testid="debug-log-level"
                />
                <Button onClick={() => setLines([])}>{t("debug.clear")}</Button>
              </Space>
            }
          >
            <div
              style={{ height: 420, overflow: "auto", fontFamily: "monospace", fontSize: 12 }}
              data-testid="debug-log"
            >
              {shownLines.length === 0 ? (
                <Empty description={t("debug.log.none")} />
              ) : (
                shownLines.map((l) => (
                  <div key={l.seq} data-testid="debug-log-line" data-level={l.level}>
                    <span style={{ color: "#999" }}>{time(l.at)}</span>{" "}
                    <Tag color={LEVEL_COLORS[l.level]}>{t(`debug.log.level.${l.level}`)}</Tag>
                    <span style={{ whiteSpace: "pre-wrap" }}>{l.text}</span>
                  </div>
                ))
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <RawCommand key={terminalId} terminalId={terminalId} />
      <Recent terminalId={terminalId} />
    </>
  );
}

/**
 * Terminal debugging (sysManage/debugging), for administrators: the live
 * frames of one terminal both ways and its player's log (the server turns
 * the log on while somebody watches), a raw command form with its outcome
 * followed live, and its recent commands and events. The socket reconnects
 * by itself when it drops.
 */
export default function DebuggingPage() {
  const { t } = useTranslation();
  const [terminalId, setTerminalId] = useState<number>();
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="debug-page">
      <Card size="small">
        <TerminalChooser value={terminalId} onChange={setTerminalId} />
      </Card>
      {terminalId === undefined ? (
        <Empty description={t("debug.chooseFirst")} />
      ) : (
        <TerminalWatch key={terminalId} terminalId={terminalId} />
      )}
    </Space>
  );
}
