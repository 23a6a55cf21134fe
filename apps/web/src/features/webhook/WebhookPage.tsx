import {
  ApiOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import {
  WEBHOOK_EVENT_GROUPS,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
  type WebhookEventGroup,
} from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { WEBHOOK_PERMISSIONS, webhookApi } from "./api";

const QUERY_KEY = ["webhooks"];
const STATE_COLOURS = { pending: "gold", delivered: "green", failed: "red" } as const;
const GROUPS = Object.keys(WEBHOOK_EVENT_GROUPS) as WebhookEventGroup[];

interface FormValues {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  rotateSecret: boolean;
}

const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "—");

/**
 * Webhooks (webhookManage, sys/webhook): the tenant's endpoints, each told by a signed POST of the events it
 * wants; a dialog to make or change one (events by group, the secret shown with a copy button and rotated on
 * demand), a test ping, and the delivery log with its payloads and a redelivery.
 */
export default function WebhookPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(WEBHOOK_PERMISSIONS.edit, WEBHOOK_PERMISSIONS.view);
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<{ open: boolean; item: WebhookEndpointItem | null }>({
    open: false,
    item: null,
  });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [log, setLog] = useState<WebhookEndpointItem | null>(null);

  const endpoints = useQuery({ queryKey: QUERY_KEY, queryFn: webhookApi.list });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const open = (item: WebhookEndpointItem | null) => {
    setSaveError(null);
    form.setFieldsValue({
      url: item?.url ?? "",
      description: item?.description ?? "",
      events: item?.events ?? [],
      enabled: item?.enabled ?? true,
      rotateSecret: false,
    });
    setEditing({ open: true, item });
  };

  const save = async (v: FormValues) => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await webhookApi.save({
        ...(editing.item ? { id: editing.item.id } : {}),
        url: v.url.trim(),
        description: v.description?.trim() ?? "",
        events: v.events as never,
        enabled: v.enabled,
        ...(v.rotateSecret ? { rotateSecret: true } : {}),
      });
      message.success(t("webhook.saved"));
      setEditing({ open: true, item: answer.item });
      form.setFieldValue("rotateSecret", false);
      if (!editing.item) setEditing({ open: false, item: null });
      await refresh();
    } catch (err) {
      setSaveError(err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err));
    } finally {
      setSaving(false);
    }
  };

  const test = async (item: WebhookEndpointItem) => {
    setTesting(item.id);
    try {
      const r = await webhookApi.test(item.id);
      if (r.ok) message.success(t("webhook.testOk", { status: r.status, ms: r.responseMs }));
      else message.error(t("webhook.testFailed", { error: r.error ?? String(r.status) }));
      await refresh();
    } finally {
      setTesting(null);
    }
  };

  const remove = async (item: WebhookEndpointItem) => {
    await webhookApi.remove(item.id);
    message.success(t("webhook.deleted"));
    await refresh();
  };

  const columns: TableColumnsType<WebhookEndpointItem> = [
    {
      title: t("webhook.url"),
      dataIndex: "url",
      width: 320,
      render: (url: string, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text code style={{ wordBreak: "break-all" }}>
            {url}
          </Typography.Text>
          {r.description && <Typography.Text type="secondary">{r.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t("webhook.events"),
      dataIndex: "events",
      render: (events: string[]) => (
        <Space size={[4, 4]} wrap>
          {events.map((e) => (
            <Tag key={e}>{t(`webhook.event.${e}`, { defaultValue: e })}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t("webhook.enabled"),
      dataIndex: "enabled",
      width: 110,
      render: (on: boolean) => (
        <Tag color={on ? "green" : "default"}>{on ? t("webhook.on") : t("webhook.off")}</Tag>
      ),
    },
    {
      title: t("webhook.lastDelivery"),
      key: "last",
      width: 190,
      render: (_: unknown, r) =>
        r.lastState ? (
          <Space direction="vertical" size={0}>
            <Tag color={STATE_COLOURS[r.lastState]}>{t(`webhook.state.${r.lastState}`)}</Tag>
            <Typography.Text type="secondary">{when(r.lastAt)}</Typography.Text>
          </Space>
        ) : (
          "—"
        ),
    },
    { title: t("webhook.pending"), dataIndex: "pending", width: 100 },
    {
      title: t("webhook.actions"),
      key: "actions",
      width: 330,
      render: (_: unknown, r) => (
        <Space wrap>
          <AuthButton
            size="small"
            operation={WEBHOOK_PERMISSIONS.edit}
            routePermission={WEBHOOK_PERMISSIONS.view}
            label={t("webhook.edit")}
            icon={<EditOutlined />}
            onClick={() => open(r)}
            data-testid={`webhook-edit-${r.id}`}
          />
          <AuthButton
            size="small"
            operation={WEBHOOK_PERMISSIONS.edit}
            routePermission={WEBHOOK_PERMISSIONS.view}
            label={t("webhook.sendTest")}
            icon={<SendOutlined />}
            loading={testing === r.id}
            onClick={() => void test(r)}
            data-testid={`webhook-test-${r.id}`}
          />
          <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setLog(r)}>
            {t("webhook.deliveries")}
          </Button>
          {canEdit && (
            <Popconfirm title={t("webhook.deleteConfirm", { url: r.url })} onConfirm={() => remove(r)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("webhook.delete")} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const secret = editing.item?.secret ?? null;

  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          {t("webhook.title")}
        </Space>
      }
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refresh()}
            aria-label={t("webhook.refresh")}
          />
          <AuthButton
            type="primary"
            operation={WEBHOOK_PERMISSIONS.edit}
            routePermission={WEBHOOK_PERMISSIONS.view}
            label={t("webhook.new")}
            icon={<PlusOutlined />}
            onClick={() => open(null)}
            data-testid="webhook-new"
          />
        </Space>
      }
      data-testid="webhook-page"
    >
      <Typography.Paragraph type="secondary">{t("webhook.intro")}</Typography.Paragraph>
      <Table
        rowKey="id"
        loading={endpoints.isLoading}
        dataSource={endpoints.data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t("webhook.empty") }}
      />

      <Modal
        open={editing.open}
        title={editing.item ? t("webhook.editTitle") : t("webhook.newTitle")}
        okText={t("webhook.save")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing({ open: false, item: null })}
        width={720}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} preserve={false}>
          {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} />}
          <Form.Item
            name="url"
            label={t("webhook.url")}
            rules={[{ required: true, type: "url", message: t("webhook.urlRequired") }]}
            extra={t("webhook.urlHelp")}
          >
            <Input maxLength={500} placeholder="https://example.com/marquee-webhook" />
          </Form.Item>
          <Form.Item name="description" label={t("webhook.description")}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="events"
            label={t("webhook.events")}
            rules={[{ required: true, type: "array", min: 1, message: t("webhook.eventsRequired") }]}
          >
            <Checkbox.Group style={{ width: "100%" }}>
              <Space direction="vertical" style={{ width: "100%" }}>
                {GROUPS.map((g) => (
                  <div key={g}>
                    <Typography.Text strong>{t(`webhook.group.${g}`)}</Typography.Text>
                    <div>
                      {WEBHOOK_EVENT_GROUPS[g].map((e) => (
                        <Checkbox key={e} value={e} data-testid={`webhook-event-${e}`}>
                          {t(`webhook.event.${e}`)} <Typography.Text type="secondary">({e})</Typography.Text>
                        </Checkbox>
                      ))}
                    </div>
                  </div>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="enabled" label={t("webhook.enabled")} valuePropName="checked">
            <Switch />
          </Form.Item>
          {editing.item && (
            <Form.Item label={t("webhook.secret")} extra={t("webhook.secretHelp")}>
              {secret ? (
                <Typography.Paragraph copyable={{ text: secret }} code data-testid="webhook-secret">
                  {secret}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t("webhook.secretHidden")}</Typography.Text>
              )}
              <Form.Item name="rotateSecret" valuePropName="checked" noStyle>
                <Checkbox>{t("webhook.rotate")}</Checkbox>
              </Form.Item>
            </Form.Item>
          )}
          {!editing.item && <Typography.Text type="secondary">{t("webhook.secretMade")}</Typography.Text>}
        </Form>
      </Modal>

      <DeliveryLog endpoint={log} onClose={() => setLog(null)} canEdit={canEdit} />
    </Card>
  );
}

/** An endpoint's delivery log: state, answer code, time, attempts; the body sent, and a redelivery. */
function DeliveryLog({
  endpoint,
  onClose,
  canEdit,
}: {
  endpoint: WebhookEndpointItem | null;
  onClose: () => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const deliveries = useQuery({
    queryKey: [...QUERY_KEY, "deliveries", endpoint?.id, page],
    queryFn: () => webhookApi.deliveries({ endpointId: endpoint?.id ?? 0, ...page }),
    enabled: endpoint !== null,
    placeholderData: keepPreviousData,
  });
  const redeliver = async (d: WebhookDeliveryItem) => {
    await webhookApi.redeliver(d.id);
    message.success(t("webhook.redelivered"));
    await deliveries.refetch();
  };
  const columns: TableColumnsType<WebhookDeliveryItem> = [
    { title: t("webhook.created"), dataIndex: "createdAt", width: 170, render: when },
    {
      title: t("webhook.event.title"),
      dataIndex: "type",
      render: (type: string) => t(`webhook.event.${type}`, { defaultValue: type }),
    },
    {
      title: t("webhook.stateTitle"),
      dataIndex: "state",
      width: 110,
      render: (s: WebhookDeliveryItem["state"]) => (
        <Tag color={STATE_COLOURS[s]}>{t(`webhook.state.${s}`)}</Tag>
      ),
    },
    { title: t("webhook.code"), dataIndex: "lastStatus", width: 80, render: (c: number | null) => c ?? "—" },
    {
      title: t("webhook.time"),
      dataIndex: "responseMs",
      width: 90,
      render: (ms: number | null) => (ms === null ? "—" : `${ms} ms`),
    },
    { title: t("webhook.attempts"), dataIndex: "attempts", width: 90 },
    {
      title: t("webhook.nextOrDone"),
      key: "next",
      width: 170,
      render: (_: unknown, d) => when(d.deliveredAt ?? d.nextAttemptAt),
    },
    {
      title: "",
      key: "redeliver",
      width: 120,
      render: (_: unknown, d) =>
        canEdit ? (
          <Button size="small" icon={<SendOutlined />} onClick={() => void redeliver(d)}>
            {t("webhook.redeliver")}
          </Button>
        ) : null,
    },
  ];
  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      width={1000}
      title={t("webhook.logTitle", { url: endpoint?.url ?? "" })}
      destroyOnHidden
    >
      <Table
        rowKey="id"
        size="small"
        loading={deliveries.isFetching}
        dataSource={deliveries.data?.list ?? []}
        columns={columns}
        expandable={{
          expandedRowRender: (d) => (
            <Space direction="vertical" style={{ width: "100%" }}>
              {d.lastError && <Alert type="error" showIcon title={d.lastError} />}
              <Typography.Text type="secondary">
                {t("webhook.eventId")}: <Typography.Text code>{d.eventId}</Typography.Text>
              </Typography.Text>
              <pre style={{ margin: 0, maxHeight: 320, overflow: "auto" }} data-testid="webhook-payload">
                {JSON.stringify(d.payload, null, 2)}
              </pre>
            </Space>
          ),
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: deliveries.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        locale={{ emptyText: t("webhook.noDeliveries") }}
      />
    </Drawer>
  );
}
