import { PlusOutlined, ReloadOutlined, RobotOutlined } from "@ant-design/icons";
import {
  type ApiTokenListResponse,
  type ApiTokenSaveRequest,
  type ApiTokenSaveResponse,
  PERMISSIONS,
  type Permission,
  type ServiceAccountListResponse,
  type ServiceAccountRow,
  type ServiceAccountSaveRequest,
} from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError, http } from "../../services/http";
import { ApiTokensTab, type TokenCalls } from "../personal/ApiTokensTab";
import { GrantFields, useGrantablePermissions } from "../personal/GrantFields";
import { formatTime } from "../program/format";
import { permissionLabelKey } from "../role/permissionTree";
import type { officeForest } from "./form";

/** The calls of service accounts (/a/api/serviceAccount/*); forms show their errors themselves. */
export const serviceAccountApi = {
  list: (p: { pageNo: number; pageSize: number; officeId?: number; keyword?: string }) =>
    http.get<ServiceAccountListResponse>("/a/api/serviceAccount/list", { ...p }),
  save: (body: ServiceAccountSaveRequest) =>
    http.post<{ id: number; code: number; msg: string }>("/a/api/serviceAccount/save", body, {
      json: true,
      silent: true,
    }),
  remove: (id: number) => http.post("/a/api/serviceAccount/delete", { id }, { json: true, silent: true }),
  tokens: (serviceAccountId: number): TokenCalls => ({
    list: () => http.get<ApiTokenListResponse>("/a/api/serviceAccount/tokenList", { serviceAccountId }),
    save: (body: ApiTokenSaveRequest) =>
      http.post<ApiTokenSaveResponse>(
        "/a/api/serviceAccount/tokenSave",
        { ...body, serviceAccountId },
        { json: true, silent: true },
      ),
    revoke: (id: number) =>
      http.post("/a/api/serviceAccount/tokenRevoke", { serviceAccountId, id }, { json: true, silent: true }),
  }),
};

interface NewAccountValues {
  name: string;
  officeId: number;
  permissions: Permission[];
  own: boolean;
  remarks?: string;
}

const NO_ROWS: ServiceAccountRow[] = [];

/**
 * User management's service accounts: non-human accounts of the tenant that act only through their API
 * tokens, with a subset of the administrator's permissions and range. Listed with their live tokens and last
 * use; made, disabled and deleted here; their tokens made (the secret shown once) and revoked in a drawer.
 */
export function ServiceAccountsTab({
  forest,
  officeId,
}: {
  forest: ReturnType<typeof officeForest>;
  officeId: number | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewAccountValues>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [tokensOf, setTokensOf] = useState<ServiceAccountRow | null>(null);
  const mine = useGrantablePermissions();
  const params = { ...page, officeId, keyword: keyword.trim() || undefined };
  const list = useQuery({
    queryKey: ["serviceAccount", "list", params],
    queryFn: () => serviceAccountApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["serviceAccount"] });
  const failed = (err: unknown) => {
    const text = err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err);
    if (text !== "logout") void message.error(text);
  };

  const create = async (v: NewAccountValues) => {
    setSaving(true);
    try {
      await serviceAccountApi.save({
        name: v.name,
        officeId: v.officeId,
        permissions: v.permissions,
        dataRange: v.own ? "own" : "subtree",
        ...(v.remarks ? { remarks: v.remarks } : {}),
      });
      message.success(t("user.service.saved", { name: v.name }));
      setCreating(false);
      form.resetFields();
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setSaving(false);
    }
  };

  const setEnabled = async (r: ServiceAccountRow, enabled: boolean) => {
    try {
      await serviceAccountApi.save({ id: r.id, enabled });
      await refresh();
    } catch (err) {
      failed(err);
    }
  };

  const remove = async (r: ServiceAccountRow) => {
    try {
      await serviceAccountApi.remove(r.id);
      message.success(t("user.service.deleted", { name: r.name }));
      await refresh();
    } catch (err) {
      failed(err);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="service-accounts">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t("user.service.intro")}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="service-new"
        >
          {t("user.service.new")}
        </Button>
        <Input.Search
          allowClear
          placeholder={t("user.service.search")}
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {t("common.refresh")}
        </Button>
      </Space>
      <Table<ServiceAccountRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? NO_ROWS}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("user.service.none") }}
        onRow={(r) => ({ "data-testid": `service-row-${r.name}` }) as object}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            title: t("user.service.name"),
            dataIndex: "name",
            render: (name: string, r) => (
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  <RobotOutlined />
                  <Typography.Text strong>{name}</Typography.Text>
                  <Tag color="purple">{t("user.service.mark")}</Tag>
                </Space>
                <Typography.Text type="secondary" code>
                  {r.username}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t("user.service.office"), dataIndex: "officeName" },
          {
            title: t("user.service.permissions"),
            dataIndex: "permissions",
            render: (list: string[], r) => (
              <Space orientation="vertical" size={0}>
                <span title={list.map((p) => t(permissionLabelKey(p), { defaultValue: p })).join("\n")}>
                  {t("user.service.permissionCount", { count: list.length })}
                </span>
                {r.dataRange === "own" && (
                  <Typography.Text type="secondary">{t("personal.tokens.ownRows")}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t("user.service.state"),
            dataIndex: "enabled",
            render: (on: boolean) => (
              <Tag color={on ? "green" : "default"}>
                {on ? t("user.filter.enabled") : t("user.filter.disabled")}
              </Tag>
            ),
          },
          {
            title: t("user.service.tokens"),
            dataIndex: "liveTokens",
            render: (live: number, r) => (
              <Space orientation="vertical" size={0}>
                <span>{live}</span>
                <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                  {t("personal.tokens.lastUsed")}:{" "}
                  {r.lastUsedAt ? formatTime(r.lastUsedAt) : t("personal.tokens.never")}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t("personal.tokens.actions"),
            key: "actions",
            fixed: "right",
            render: (_, r) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setTokensOf(r)} data-testid={`service-tokens-${r.name}`}>
                  {t("user.service.manageTokens")}
                </Button>
                <Button size="small" onClick={() => void setEnabled(r, !r.enabled)}>
                  {r.enabled ? t("user.service.disable") : t("user.service.enable")}
                </Button>
                <Popconfirm
                  title={t("user.service.deleteConfirm", { name: r.name })}
                  onConfirm={() => remove(r)}
                >
                  <Button size="small" danger data-testid={`service-delete-${r.name}`}>
                    {t("common.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t("user.service.new")}
        okText={t("personal.tokens.create")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<NewAccountValues>
          form={form}
          layout="vertical"
          // The institution chosen in the tree, else the top of the caller's range.
          initialValues={{ own: false, officeId: officeId ?? forest[0]?.value }}
          onFinish={create}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t("user.service.name")}
            rules={[{ required: true, whitespace: true, max: 64 }]}
          >
            <Input maxLength={64} data-testid="service-name" />
          </Form.Item>
          <Form.Item name="officeId" label={t("user.service.office")} rules={[{ required: true }]}>
            <TreeSelect
              treeData={forest}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              data-testid="service-office"
            />
          </Form.Item>
          <GrantFields
            grantable={mine}
            label={t("user.service.permissions")}
            hint={t("user.service.permissionsHint")}
            required
            rangeLabel={t("user.service.rangeOffice")}
            testId="service-permissions"
          />
          <Form.Item name="remarks" label={t("user.service.remarks")} rules={[{ max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
      <Drawer
        open={tokensOf !== null}
        size="large"
        title={tokensOf ? t("user.service.tokensOf", { name: tokensOf.name }) : ""}
        onClose={() => {
          setTokensOf(null);
          void refresh();
        }}
        destroyOnHidden
      >
        {tokensOf && (
          <ApiTokensTab
            calls={serviceAccountApi.tokens(tokensOf.id)}
            queryKey={["serviceAccount", "tokens", tokensOf.id]}
            available={tokensOf.permissions.filter((p): p is Permission =>
              (PERMISSIONS as readonly string[]).includes(p),
            )}
            intro={t("user.service.tokensIntro")}
            allLabel={t("user.service.allOfAccount")}
            rangeLabel={t("user.service.rangeAccount")}
          />
        )}
      </Drawer>
    </Space>
  );
}
