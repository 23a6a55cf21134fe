import type { PermissionNode, RoleDetailResponse, RoleTenant } from "@marquee/contracts";
import { ROLE_CODE_PATTERN } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Drawer, Form, Input, Space, Spin, Tag, Tooltip, Tree, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { formErrors } from "../terminal/errors";
import { ROLE_PERMISSIONS, roleApi } from "./api";
import { type PermissionTreeItem, permissionLabelKey, reconcile, toTreeItems } from "./permissionTree";
import { TenantSelect } from "./TenantSelect";

interface Values {
  officeId?: number;
  name: string;
  code: string;
  description?: string;
}
const FIELDS = ["officeId", "name", "code", "description", "permissions"] as const;

const NO_NODES: PermissionNode[] = [];

/**
 * Creates (`roleId` null) or edits a role: its tenant, name, code and
 * description, and its permissions on a tree mirroring the menu. Leaves the
 * caller may not grant are disabled and say why.
 */
export function RoleDrawer({
  open,
  roleId,
  onClose,
  onSaved,
}: {
  open: boolean;
  roleId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [permissions, setPermissions] = useState<string[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [officeId, setOfficeId] = useState<number | undefined>(undefined);

  const detail = useQuery({
    queryKey: ["role", "detail", roleId],
    queryFn: () => roleApi.detail(roleId as number),
    enabled: open && roleId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const role: RoleDetailResponse["role"] | null = roleId === null ? null : (detail.data?.role ?? null);
  const locked = roleId === null ? null : (detail.data?.locked ?? null);
  const original = useMemo(() => role?.permissions ?? [], [role]);
  const tenantId = role?.officeId ?? officeId;

  const tree = useQuery({
    queryKey: ["role", "permissionTree", tenantId ?? "own"],
    queryFn: () => roleApi.permissionTree(tenantId),
    enabled: open && (roleId === null || role !== null),
  });
  const nodes = tree.data?.tree ?? NO_NODES;

  // A fresh choice each time the drawer opens on a role (or on a new one); the form
  // itself is mounted anew with the role's values (its key and initialValues below).
  useEffect(() => {
    if (!open) return;
    setRefused(null);
    if (roleId === null) {
      setPermissions([]);
      setOfficeId(undefined);
    }
  }, [open, roleId]);
  useEffect(() => {
    if (open && role) setPermissions(role.permissions);
  }, [open, role]);
  const initialValues: Partial<Values> = role
    ? { officeId: role.officeId, name: role.name, code: role.code, description: role.description ?? "" }
    : {};
  // Another tenant for a new role: what it may not carry is dropped from the choice.
  useEffect(() => {
    if (roleId === null && tree.data) setPermissions((p) => reconcile(p, tree.data.tree, []));
  }, [roleId, tree.data]);
  const onOwn = useCallback(
    (own: number | null) => {
      if (roleId === null && own !== null && form.getFieldValue("officeId") === undefined) {
        form.setFieldsValue({ officeId: own });
        setOfficeId(own);
      }
    },
    [roleId, form],
  );

  const label = useCallback(
    (n: PermissionNode) =>
      n.kind === "menu"
        ? (n.title ?? n.name ?? n.key)
        : n.kind === "other"
          ? t("role.other")
          : t(permissionLabelKey(n.permission ?? ""), { defaultValue: n.permission }),
    [t],
  );
  const items = useMemo(() => toTreeItems(nodes, label, locked !== null), [nodes, label, locked]);
  const total = useMemo(() => allLeaves(nodes).length, [nodes]);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setRefused(null);
    try {
      await roleApi.save({
        ...(roleId === null ? { officeId: values.officeId } : { id: roleId }),
        name: values.name,
        code: values.code,
        description: values.description ?? "",
        // A locked role's permissions are not the caller's to send.
        ...(locked === null ? { permissions } : {}),
      });
      void message.success(t("role.saved", { name: values.name }));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) {
        const shown = formErrors(err, FIELDS);
        form.setFields(
          shown.fields.flatMap((f) => (f.name === "permissions" ? [] : [{ name: f.name, errors: f.errors }])),
        );
        const onTree = shown.fields.find((f) => f.name === "permissions");
        if (shown.general || onTree)
          setRefused([shown.general, ...(onTree?.errors ?? [])].filter(Boolean).join(" "));
      } else if (err instanceof HttpError) {
        setRefused(err.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const knownTenant: RoleTenant | null = role
    ? {
        id: role.officeId,
        name: role.officeName,
        type: role.officeType as RoleTenant["type"],
        parentId: null,
      }
    : null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={roleId === null ? t("role.drawerNew") : t("role.drawerEdit", { name: role?.name ?? "" })}
      extra={
        <Space>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <AuthButton
            type="primary"
            operation={ROLE_PERMISSIONS.edit}
            routePermission={ROLE_PERMISSIONS.view}
            label={t("common.save")}
            loading={saving}
            disabled={roleId !== null && !role}
            onClick={() => void save()}
            data-testid="role-save"
          />
        </Space>
      }
    >
      {roleId !== null && detail.isLoading ? (
        <Spin style={{ display: "block", margin: "48px auto" }} />
      ) : (
        <Form<Values>
          key={role ? `${role.id}:${role.updateDate}` : "new"}
          form={form}
          initialValues={initialValues}
          layout="vertical"
          data-testid="role-form"
          requiredMark
        >
          <Form.Item
            name="officeId"
            label={t("role.form.tenant")}
            rules={[{ required: true, message: t("role.form.tenantRequired") }]}
          >
            <TenantSelect
              testId="role-office"
              disabled={roleId !== null}
              known={knownTenant}
              onOwn={onOwn}
              onChange={setOfficeId}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t("role.form.name")}
            rules={[{ required: true, whitespace: true, message: t("role.form.nameRequired") }, { max: 64 }]}
          >
            <Input maxLength={64} data-testid="role-name" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t("role.form.code")}
            extra={role?.builtIn ? t("role.form.codeFixed") : t("role.form.codeHelp")}
            rules={[
              { required: true, whitespace: true, message: t("role.form.codeRequired") },
              { pattern: ROLE_CODE_PATTERN, message: t("role.form.codeHelp") },
            ]}
          >
            <Input maxLength={64} disabled={role?.builtIn === true} data-testid="role-code" />
          </Form.Item>
          <Form.Item name="description" label={t("role.form.description")} rules={[{ max: 500 }]}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={500}
              data-testid="role-description"
            />
          </Form.Item>
          <Form.Item
            label={
              <Space>
                {t("role.form.permissions")}
                <Typography.Text type="secondary">
                  {locked === "allPermissions"
                    ? t("role.allPermissions")
                    : t("role.selected", { count: permissions.length, total })}
                </Typography.Text>
              </Space>
            }
          >
            <Space orientation="vertical" style={{ width: "100%" }}>
              {locked && (
                <Alert
                  type="info"
                  showIcon
                  title={locked === "allPermissions" ? t("role.lockedAll") : t("role.lockedTenantAdmin")}
                />
              )}
              {!locked && <Typography.Text type="secondary">{t("role.ungrantableHint")}</Typography.Text>}
              {refused && (
                <Alert
                  type="error"
                  showIcon
                  title={refused}
                  data-testid="role-refused"
                  closable
                  onClose={() => setRefused(null)}
                />
              )}
              {tree.isLoading ? (
                <Spin />
              ) : (
                <Tree<PermissionTreeItem>
                  checkable
                  selectable={false}
                  blockNode
                  treeData={items}
                  defaultExpandAll
                  checkedKeys={locked === "allPermissions" ? allLeafKeys(items) : permissions}
                  onCheck={(checked) => {
                    const keys = Array.isArray(checked) ? checked : checked.checked;
                    setPermissions(reconcile(keys, nodes, original));
                  }}
                  titleRender={(item) => <NodeTitle item={item} />}
                  data-testid="role-permission-tree"
                />
              )}
            </Space>
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}

function allLeaves(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) =>
    n.kind === "permission" && n.permission ? [n.permission] : allLeaves(n.children),
  );
}
function allLeafKeys(items: readonly PermissionTreeItem[]): string[] {
  return items.flatMap((i) => (i.children.length ? allLeafKeys(i.children) : [i.key]));
}

/** A node's title: a permission with its code, disabled ones with why; a group in bold. */
function NodeTitle({ item }: { item: PermissionTreeItem }) {
  const { t } = useTranslation();
  if (item.kind !== "permission") {
    return (
      <Typography.Text strong data-testid={`role-perm-group-${item.name ?? item.key}`}>
        {item.title}
      </Typography.Text>
    );
  }
  const text = (
    <span data-testid={`role-perm-${item.permission}`}>
      {item.title}{" "}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {item.permission}
      </Typography.Text>
      {item.reason === "platformOnly" && (
        <Tag style={{ marginInlineStart: 6 }} color="gold">
          {t("role.platformOnlyTag")}
        </Tag>
      )}
    </span>
  );
  return item.reason ? <Tooltip title={t(`role.reasons.${item.reason}`)}>{text}</Tooltip> : text;
}
