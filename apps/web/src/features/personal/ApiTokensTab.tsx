import { KeyOutlined, PlusOutlined } from "@ant-design/icons";
import {
  API_TOKEN_MAX_DAYS,
  type ApiTokenItem,
  type ApiTokenListResponse,
  type ApiTokenSaveRequest,
  type ApiTokenSaveResponse,
  type Permission,
} from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError, http } from "../../services/http";
import { GrantFields, useGrantablePermissions } from "./GrantFields";

/** The calls of the API tokens tab (/a/api/token/*). */
export const tokenApi = {
  list: () => http.get<ApiTokenListResponse>("/a/api/token/list"),
  save: (body: ApiTokenSaveRequest) =>
    http.post<ApiTokenSaveResponse>("/a/api/token/save", body, { json: true, silent: true }),
  revoke: (id: number) => http.post("/a/api/token/revoke", { id }, { json: true, silent: true }),
};

/** The calls a token list works through: the caller's own tokens, or a service account's. */
export interface TokenCalls {
  list: () => Promise<ApiTokenListResponse>;
  save: (body: ApiTokenSaveRequest) => Promise<ApiTokenSaveResponse>;
  revoke: (id: number) => Promise<unknown>;
}

/** What differs between the personal centre's tokens and a service account's. */
export interface ApiTokensTabProps {
  calls?: TokenCalls;
  queryKey?: readonly unknown[];
  /** The permissions a token may be given (default: the caller's own). */
  available?: readonly Permission[];
  /** The intro line and the label of "every permission of the owner". */
  intro?: string;
  allLabel?: string;
  /** The label of "the owner's own range". */
  rangeLabel?: string;
}

interface NewTokenValues {
  name: string;
  expiresInDays: number;
  permissions?: Permission[];
  own: boolean;
}

const STATE_COLOURS = { active: "green", expired: "default", revoked: "red" } as const;

/**
 * The personal centre's API tokens: keys for scripts and other systems, each with a subset of the user's
 * own permissions. A new token's secret is shown once, with a copy button; a token can be revoked at once.
 */
export function ApiTokensTab({
  calls = tokenApi,
  queryKey = ["apiTokens"],
  available,
  intro,
  allLabel,
  rangeLabel,
}: ApiTokensTabProps = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewTokenValues>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const tokens = useQuery({ queryKey, queryFn: calls.list });
  const mine = useGrantablePermissions(available);
  const all = allLabel ?? t("personal.tokens.allMine");

  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const create = async (v: NewTokenValues) => {
    setSaving(true);
    try {
      const answer = await calls.save({
        name: v.name,
        expiresInDays: v.expiresInDays,
        ...(v.permissions?.length ? { permissions: v.permissions } : {}),
        ...(v.own ? { dataRange: "own" as const } : {}),
      });
      setCreating(false);
      form.resetFields();
      setSecret(answer.token);
      await refresh();
    } catch (err) {
      message.error(err instanceof HttpError ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const revoke = async (item: ApiTokenItem) => {
    try {
      await calls.revoke(item.id);
      message.success(t("personal.tokens.revoked", { name: item.name }));
      await refresh();
    } catch (err) {
      message.error(err instanceof HttpError ? err.message : String(err));
    }
  };

  const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : "—");

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="api-tokens">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {intro ?? t("personal.tokens.intro")}
      </Typography.Paragraph>
      <div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="token-new"
        >
          {t("personal.tokens.new")}
        </Button>
      </div>
      <Table<ApiTokenItem>
        rowKey="id"
        size="middle"
        loading={tokens.isLoading}
        dataSource={tokens.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t("personal.tokens.none") }}
        columns={[
          {
            title: t("personal.tokens.name"),
            dataIndex: "name",
            render: (name: string, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">
                  #{r.id} <Typography.Text code>{r.hint}</Typography.Text>
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t("personal.tokens.permissions"),
            dataIndex: "permissions",
            render: (list: string[] | null, r) => (
              <Space direction="vertical" size={0}>
                <span>{list === null ? all : t("personal.tokens.some", { count: list.length })}</span>
                {r.dataRange === "own" && (
                  <Typography.Text type="secondary">{t("personal.tokens.ownRows")}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t("personal.tokens.state"),
            dataIndex: "state",
            render: (s: ApiTokenItem["state"]) => (
              <Tag color={STATE_COLOURS[s]}>{t(`personal.tokens.states.${s}`)}</Tag>
            ),
          },
          { title: t("personal.tokens.expires"), dataIndex: "expiresAt", render: when },
          {
            title: t("personal.tokens.lastUsed"),
            dataIndex: "lastUsedAt",
            render: (at: string | null, r) =>
              at ? `${when(at)} · ${r.lastUsedIp ?? ""}` : t("personal.tokens.never"),
          },
          {
            title: t("personal.tokens.actions"),
            key: "actions",
            render: (_, r) =>
              r.state === "active" ? (
                <Popconfirm
                  title={t("personal.tokens.revokeConfirm", { name: r.name })}
                  onConfirm={() => revoke(r)}
                >
                  <Button danger size="small" data-testid={`token-revoke-${r.id}`}>
                    {t("personal.tokens.revoke")}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Modal
        open={creating}
        title={t("personal.tokens.new")}
        okText={t("personal.tokens.create")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<NewTokenValues>
          form={form}
          layout="vertical"
          initialValues={{ expiresInDays: 90, own: false }}
          onFinish={create}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t("personal.tokens.name")}
            rules={[{ required: true, whitespace: true, max: 64 }]}
          >
            <Input maxLength={64} data-testid="token-name" />
          </Form.Item>
          <Form.Item
            name="expiresInDays"
            label={t("personal.tokens.days")}
            rules={[{ required: true, type: "integer", min: 1, max: API_TOKEN_MAX_DAYS }]}
          >
            <InputNumber min={1} max={API_TOKEN_MAX_DAYS} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <GrantFields
            grantable={mine}
            label={t("personal.tokens.permissions")}
            hint={t("personal.tokens.permissionsHint")}
            placeholder={all}
            rangeLabel={rangeLabel ?? t("personal.tokens.rangeMine")}
          />
        </Form>
      </Modal>
      <Modal
        open={secret !== null}
        title={
          <Space>
            <KeyOutlined />
            {t("personal.tokens.created")}
          </Space>
        }
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        cancelButtonProps={{ style: { display: "none" } }}
      >
        <Alert type="warning" showIcon message={t("personal.tokens.onceOnly")} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: secret ?? "" }} code data-testid="token-secret">
          {secret}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t("personal.tokens.usage")}
          <br />
          <Typography.Text code>Authorization: Bearer {secret?.slice(0, 10)}…</Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}
