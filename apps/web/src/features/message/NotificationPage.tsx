import { ReloadOutlined } from "@ant-design/icons";
import type { Notification } from "@marquee/contracts";
import {
  App,
  Button,
  Card,
  Popconfirm,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { useSession } from "../../stores/session";
import { messageApi } from "./api";

const PAGE_SIZE = 10;

/** The text to show for a failed call, or null when the client already handled it (sign-out). */
function failText(err: unknown): string | null {
  if (err instanceof HttpError) return err.message === "logout" ? null : err.message;
  return err instanceof Error ? err.message : String(err);
}

/** The message notification list (/sysManage/messageNotification): the signed-in user's notices. */
export default function NotificationPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const userId = useSession((s) => s.user?.id);
  const [rows, setRows] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [loading, setLoading] = useState(false);
  /** "unread": only the notices not read yet (the server filters and pages them). */
  const [show, setShow] = useState<"all" | "unread">("all");
  const [unread, setUnread] = useState(0);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const seq = useRef(0);
  const toast = useRef(message);
  toast.current = message;

  // The server writes each notice in the language of the call: read them again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the call's cookie, not a variable of it
  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const r = await messageApi.list(userId, pageNo, pageSize, show === "unread" ? "0" : undefined);
      if (mine !== seq.current) return;
      if (r.messageList.length === 0 && r.total > 0 && pageNo > 1) {
        // the page emptied (deleted rows): go to the last page that still has rows
        setPageNo(Math.max(1, Math.ceil(r.total / pageSize)));
        return;
      }
      setRows(r.messageList);
      setTotal(r.total);
      setUnread(r.unread);
    } catch (err) {
      // a non-zero code leaves the list unchanged (spec §7 Messages)
      const text = failText(err);
      if (text && mine === seq.current) void toast.current.error(text);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [userId, pageNo, pageSize, show, i18n.language]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change, then refreshes the list; the http client already toasts a refusal. */
  const change = async (action: () => Promise<unknown>, clearSelection: boolean) => {
    setBusy(true);
    try {
      await action();
      if (clearSelection) setSelected([]);
    } catch {
      // shown by the http client; the refresh below shows the true state
    } finally {
      setBusy(false);
      void load();
    }
  };

  const setReadState = (ids: number[], readState: "0" | "1", clearSelection = false) =>
    change(() => messageApi.updateReadState(ids, readState), clearSelection);
  const readAll = () =>
    change(async () => {
      const r = await messageApi.readAll();
      void toast.current.success(t("message.allRead", { count: r.updated }));
    }, true);
  const remove = (ids: number[]) =>
    change(async () => {
      await messageApi.remove(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    }, false);

  const columns: TableColumnsType<Notification> = [
    {
      key: "content",
      title: t("message.content"),
      render: (_, m) => (
        <Typography.Text strong={m.readState === "0"} style={{ whiteSpace: "pre-line" }}>
          {m.content}
        </Typography.Text>
      ),
    },
    {
      key: "time",
      title: t("message.time"),
      dataIndex: "createDate",
      width: 190,
      render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss"),
    },
    {
      key: "state",
      title: t("message.state"),
      dataIndex: "readState",
      width: 110,
      render: (v: Notification["readState"]) =>
        v === "0" ? <Tag color="processing">{t("message.unread")}</Tag> : <Tag>{t("message.read")}</Tag>,
    },
    {
      key: "actions",
      title: t("message.actions"),
      width: 220,
      render: (_, m) => (
        <Space size="small">
          {m.readState === "0" ? (
            <Button type="link" size="small" disabled={busy} onClick={() => void setReadState([m.id], "1")}>
              {t("message.markRead")}
            </Button>
          ) : (
            <Button type="link" size="small" disabled={busy} onClick={() => void setReadState([m.id], "0")}>
              {t("message.markUnread")}
            </Button>
          )}
          <Popconfirm
            title={t("message.deleteConfirm")}
            okText={t("common.ok")}
            cancelText={t("common.cancel")}
            onConfirm={() => remove([m.id])}
          >
            <Button type="link" size="small" danger disabled={busy}>
              {t("common.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const none = selected.length === 0;
  return (
    <Card
      title={t("message.title")}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>
          {t("common.refresh")}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented<"all" | "unread">
          value={show}
          onChange={(v) => {
            setShow(v);
            setPageNo(1);
            setSelected([]);
          }}
          options={[
            { value: "all", label: t("message.filterAll") },
            { value: "unread", label: `${t("message.filterUnread")} (${unread})` },
          ]}
          data-testid="notification-filter"
        />
        <Button
          data-testid="notification-read-all"
          disabled={unread === 0 || busy}
          onClick={() => void readAll()}
        >
          {t("message.markAllRead")}
        </Button>
        <Button
          type="primary"
          data-testid="notification-mark-read"
          disabled={none || busy}
          onClick={() => void setReadState(selected, "1", true)}
        >
          {t("message.markRead")}
        </Button>
        <Popconfirm
          title={t("message.deleteConfirm")}
          okText={t("common.ok")}
          cancelText={t("common.cancel")}
          disabled={none || busy}
          onConfirm={() => remove(selected)}
        >
          <Button danger data-testid="notification-delete" disabled={none || busy}>
            {t("common.delete")}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary" data-testid="notification-selected">
          {t("message.selected", { count: selected.length })}
        </Typography.Text>
      </Space>
      <Table<Notification>
        data-testid="notification-table"
        rowKey="id"
        locale={{ emptyText: t("message.empty") }}
        loading={loading}
        columns={columns}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          showTotal: (n, range) => `${range[0]}-${range[1]} / ${n}`,
          onChange: (p, s) => {
            setPageNo(s === pageSize ? p : 1);
            setPageSize(s);
          },
        }}
      />
    </Card>
  );
}
