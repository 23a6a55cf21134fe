import { type Permission, SYNC_LEAD_SECONDS, type SyncSession, type SyncTerminal } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { dateTime } from "../../components/dateTime";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { HttpError } from "../../services/http";
import { OutcomeTag } from "../terminal/OutcomeTag";
import { reasonText } from "../terminal/reason";
import { StatusDot } from "../terminal/StatusDot";
import { useNow } from "../terminal/useNow";
import { type SyncTerminalOption, syncApi } from "./api";
import { formatCountdown, formatOffset, msToStart, offsetHigh, shownOffset } from "./timing";

/** The route permission of the screen and the operation that starts and stops. */
const VIEW: Permission = "terminal:syncBroadcast:view";
const START: Permission = "terminal:syncBroadcast:start";

interface StartForm {
  programId?: number;
  leadSeconds: number;
  minutes?: number | null;
}

/** Terminals of the caller's range by name, server paged; the chosen ones stay chosen across pages. */
function TerminalChoice({
  chosen,
  onChange,
}: {
  chosen: ReadonlyMap<number, SyncTerminalOption>;
  onChange: (next: Map<number, SyncTerminalOption>) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 12 });
  const list = useQuery({
    queryKey: ["sync", "terminals", name, page],
    queryFn: () => syncApi.terminals({ ...page, name: name || undefined }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<SyncTerminalOption> = [
    { key: "name", title: t("sync.columns.terminal"), dataIndex: "name", ellipsis: true },
    {
      key: "place",
      title: t("sync.columns.office"),
      ellipsis: true,
      render: (_, r) => [r.officeName, r.groupName].filter(Boolean).join(" / ") || "-",
    },
    {
      key: "status",
      title: t("sync.columns.status"),
      width: 130,
      render: (_, r) => <StatusDot status={r.status} />,
    },
  ];
  return (
    <div data-testid="sync-terminal-picker">
      <Input.Search
        allowClear
        placeholder={t("sync.searchTerminals")}
        onSearch={(v) => {
          setName(v.trim());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        style={{ width: 260, marginBottom: 8 }}
        data-testid="sync-terminal-search"
      />
      <Table<SyncTerminalOption>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={rowSelectionAcrossPages(chosen, onChange)}
        pagination={serverPagination({
          pageNo: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        })}
        locale={{ emptyText: t("sync.noTerminals") }}
      />
    </div>
  );
}

/** A playable program of the caller's range, searched by name on the server. */
function ProgramChoice({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const list = useQuery({
    queryKey: ["sync", "programs", name],
    queryFn: () => syncApi.programs({ name: name || undefined, pageNo: 1, pageSize: 50 }),
  });
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: (v) => setName(v.trim()) }}
      value={value}
      onChange={onChange}
      loading={list.isFetching}
      placeholder={t("sync.chooseProgram")}
      notFoundContent={t("sync.noPrograms")}
      options={(list.data?.list ?? []).map((p) => ({
        value: p.id,
        label: `${p.name} (${p.width}×${p.height})`,
      }))}
      data-testid="sync-program"
    />
  );
}

/** The live table of one session: per terminal its state, measured offset, round trip and the countdown. */
export function LiveSession({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const now = useNow(250);
  const [fetchedAt, setFetchedAt] = useState(() => Date.now());
  const detail = useQuery({
    queryKey: ["sync", "detail", id],
    queryFn: async () => {
      const r = await syncApi.detail(id);
      setFetchedAt(Date.now());
      return r;
    },
    // Often until every player answered and the start is past, then now and then.
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d) return 1000;
      const moving = d.list.some(
        (r) => r.outcome && (r.outcome.state === "queued" || r.outcome.state === "sent"),
      );
      return moving || d.session.startAtMs > d.serverNow ? 1000 : 5000;
    },
  });
  const d = detail.data;
  if (!d) return detail.isError ? <Alert type="error" showIcon title={t("sync.loadFailed")} /> : null;
  const left = msToStart(d.session.startAtMs, d.serverNow, fetchedAt, now);
  const stop = async () => {
    const r = await syncApi.stop(id);
    void message.success(t("sync.stopped", { count: r.stopped }));
    await client.invalidateQueries({ queryKey: ["sync"] });
  };
  const columns: TableColumnsType<SyncTerminal> = [
    { key: "name", title: t("sync.columns.terminal"), dataIndex: "terminalName", ellipsis: true },
    {
      key: "state",
      title: t("sync.columns.state"),
      render: (_, r) =>
        r.outcome ? (
          <Space size={4} orientation="vertical">
            <OutcomeTag outcome={r.outcome} />
            {r.outcome.reason && (
              <Typography.Text type="secondary">{reasonText(t, r.outcome.reason)}</Typography.Text>
            )}
          </Space>
        ) : (
          "-"
        ),
    },
    {
      key: "offset",
      title: t("sync.columns.offset"),
      render: (_, r) => {
        const ms = shownOffset(r);
        return (
          <span data-testid={`sync-offset-${r.terminalId}`} data-high={offsetHigh(ms) ? "true" : "false"}>
            {ms === null ? (
              "-"
            ) : (
              <Typography.Text type={offsetHigh(ms) ? "danger" : undefined} strong={offsetHigh(ms)}>
                {formatOffset(ms)}
              </Typography.Text>
            )}
            {r.offsetMs === null && r.clockOffsetMs !== null && (
              <Typography.Text type="secondary"> {t("sync.fromHeartbeat")}</Typography.Text>
            )}
          </span>
        );
      },
    },
    {
      key: "rtt",
      title: t("sync.columns.rtt"),
      render: (_, r) => {
        const ms = r.rttMs ?? r.statusRttMs;
        return ms === null ? "-" : `${ms} ms`;
      },
    },
    {
      key: "playing",
      title: t("sync.columns.playing"),
      render: (_, r) =>
        r.playing ? <Tag color="green">{t("sync.playing")}</Tag> : <Tag>{t("sync.notPlaying")}</Tag>,
    },
    {
      key: "online",
      title: t("sync.columns.status"),
      render: (_, r) => <StatusDot status={r.online ? "online" : "offline"} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t("sync.liveTitle", { name: d.session.programName ?? `#${d.session.programId}` })}
      extra={
        <AuthButton
          danger
          operation={START}
          routePermission={VIEW}
          label={t("sync.stop")}
          disabled={d.session.playing === 0}
          onClick={() => void stop()}
          data-testid="sync-stop"
        />
      }
      data-testid="sync-live"
    >
      <Space size={24} style={{ marginBottom: 12 }} wrap>
        <span>
          {t("sync.startsAt")}: <strong>{dateTime(d.session.startAt)}</strong>
        </span>
        <span data-testid="sync-countdown">
          {left > 0 ? t("sync.startsIn", { time: formatCountdown(left) }) : t("sync.started")}
        </span>
        {d.session.until && (
          <span>
            {t("sync.until")}: {dateTime(d.session.until)}
          </span>
        )}
      </Space>
      <Table<SyncTerminal>
        size="small"
        rowKey="terminalId"
        pagination={false}
        columns={columns}
        dataSource={d.list}
        data-testid="sync-live-table"
      />
    </Card>
  );
}

/**
 * Synchronized broadcast (terminalMonitor/synchronizedBroadcast): chosen
 * terminals start one program at the same instant of the server's clock;
 * the live table shows, per terminal, the offset its player measured
 * (highlighted over 50 ms), the round trip and the countdown; the history
 * lists earlier sessions, each of which can be opened and stopped.
 */
export default function SyncBroadcastPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<StartForm>();
  const [chosen, setChosen] = useState<Map<number, SyncTerminalOption>>(new Map());
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<number>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const history = useQuery({
    queryKey: ["sync", "list", page],
    queryFn: () => syncApi.list(page),
    placeholderData: keepPreviousData,
  });

  const start = async (v: StartForm) => {
    setError(null);
    if (!chosen.size) {
      setError(t("sync.chooseTerminals"));
      return;
    }
    setStarting(true);
    try {
      const r = await syncApi.start({
        terminalIds: [...chosen.keys()],
        programId: v.programId as number,
        leadSeconds: v.leadSeconds,
        ...(v.minutes ? { minutes: v.minutes } : {}),
      });
      setCurrent(r.session.id);
      await client.invalidateQueries({ queryKey: ["sync", "list"] });
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        const known = new Set(["programId", "leadSeconds", "minutes"]);
        form.setFields(
          err.fieldErrors
            .filter((e) => known.has(e.field))
            .map((e) => ({ name: e.field as keyof StartForm, errors: [e.message] })),
        );
        const rest = err.fieldErrors.filter((e) => !known.has(e.field));
        if (rest.length) setError(rest.map((e) => `${e.field}: ${e.message}`).join("; "));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStarting(false);
    }
  };

  const historyColumns: TableColumnsType<SyncSession> = [
    {
      key: "program",
      title: t("sync.columns.program"),
      render: (_, s) => s.programName ?? `#${s.programId}`,
    },
    { key: "count", title: t("sync.columns.terminals"), render: (_, s) => s.terminalIds.length },
    { key: "startAt", title: t("sync.startsAt"), render: (_, s) => dateTime(s.startAt) },
    {
      key: "playing",
      title: t("sync.columns.playing"),
      render: (_, s) => (s.playing ? <Tag color="green">{s.playing}</Tag> : <Tag>{t("sync.ended")}</Tag>),
    },
    { key: "by", title: t("sync.columns.by"), render: (_, s) => s.createdByName ?? "-" },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="sync-page">
      <Card size="small" title={t("sync.newTitle")}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <TerminalChoice chosen={chosen} onChange={setChosen} />
          </Col>
          <Col xs={24} xl={10}>
            <Form<StartForm>
              form={form}
              layout="vertical"
              initialValues={{ leadSeconds: SYNC_LEAD_SECONDS.default }}
              onFinish={(v) => void start(v)}
            >
              <Typography.Paragraph data-testid="sync-chosen-count">
                {t("sync.chosen", { count: chosen.size })}
              </Typography.Paragraph>
              <Form.Item
                name="programId"
                label={t("sync.program")}
                rules={[{ required: true, message: t("sync.programRequired") }]}
              >
                <ProgramChoice />
              </Form.Item>
              <Form.Item
                name="leadSeconds"
                label={t("sync.lead")}
                extra={t("sync.leadHelp")}
                rules={[{ required: true }]}
              >
                <InputNumber
                  min={SYNC_LEAD_SECONDS.min}
                  max={SYNC_LEAD_SECONDS.max}
                  precision={0}
                  suffix={t("sync.seconds")}
                  data-testid="sync-lead"
                />
              </Form.Item>
              <Form.Item name="minutes" label={t("sync.duration")} extra={t("sync.durationHelp")}>
                <InputNumber
                  min={1}
                  max={7 * 24 * 60}
                  precision={0}
                  suffix={t("sync.minutes")}
                  data-testid="sync-minutes"
                />
              </Form.Item>
              {error && (
                <Alert
                  type="error"
                  showIcon
                  title={error}
                  style={{ marginBottom: 12 }}
                  data-testid="sync-error"
                />
              )}
              <AuthButton
                type="primary"
                htmlType="submit"
                loading={starting}
                operation={START}
                routePermission={VIEW}
                label={t("sync.start")}
                data-testid="sync-start"
              />
            </Form>
          </Col>
        </Row>
      </Card>
      {current !== undefined && <LiveSession key={current} id={current} />}
      <Card size="small" title={t("sync.historyTitle")}>
        <Table<SyncSession>
          size="small"
          rowKey="id"
          loading={history.isFetching}
          columns={historyColumns}
          dataSource={history.data?.list ?? []}
          onRow={(s) => ({ onClick: () => setCurrent(s.id), style: { cursor: "pointer" } })}
          rowClassName={(s) => (s.id === current ? "ant-table-row-selected" : "")}
          pagination={serverPagination({
            pageNo: page.pageNo,
            pageSize: page.pageSize,
            total: history.data?.total ?? 0,
            onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          })}
          locale={{ emptyText: t("sync.noHistory") }}
          data-testid="sync-history"
        />
      </Card>
    </Space>
  );
}
