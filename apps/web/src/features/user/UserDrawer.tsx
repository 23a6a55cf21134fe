import { useQuery } from "@tanstack/react-query";
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  TreeSelect,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { userApi } from "./api";
import {
  emptyUserValues,
  type OfficeNode,
  officeForest,
  splitFieldErrors,
  subtreeIds,
  toSavePayload,
  type UserFormValues,
  type UserOffice,
  valuesFromDetail,
} from "./form";
import { PasswordPolicyHint, policyRule, usePasswordPolicy } from "./PasswordPolicyHint";

/** Fields the form shows: the server's field errors on them appear under the field. */
const SHOWN = [
  "username",
  "name",
  "officeId",
  "password",
  "email",
  "phone",
  "enabled",
  "remarks",
  "roleIds",
  "dataRange",
  "dataOffices",
];

/** Creates a user (editingId null) or edits one: identity, institution, roles, data range and state. */
export function UserDrawer({
  open,
  editingId,
  defaultOfficeId,
  offices,
  forest,
  selfId,
  onClose,
  onSaved,
}: {
  open: boolean;
  editingId: number | null;
  defaultOfficeId: number | undefined;
  offices: UserOffice[];
  forest: OfficeNode[];
  selfId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const policy = usePasswordPolicy();
  const officeId = Form.useWatch("officeId", form);
  const dataRange = Form.useWatch("dataRange", form);
  const password = Form.useWatch("password", form);
  const isNew = editingId === null;

  const detail = useQuery({
    queryKey: ["user", "detail", editingId],
    queryFn: () => userApi.detail(editingId as number),
    enabled: open && editingId !== null,
    staleTime: 0,
  });
  const roles = useQuery({
    queryKey: ["user", "roleOptions", officeId],
    queryFn: () => userApi.roleOptions(officeId as number),
    enabled: open && officeId !== undefined,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (isNew) form.setFieldsValue(emptyUserValues(defaultOfficeId));
  }, [open, isNew, defaultOfficeId, form]);
  useEffect(() => {
    if (open && detail.data) form.setFieldsValue(valuesFromDetail(detail.data));
  }, [open, detail.data, form]);
  // Roles belong to the tenant of the institution: a move to another tenant drops those that no longer apply.
  useEffect(() => {
    if (!roles.data) return;
    const allowed = new Set(roles.data.list.map((r) => r.id));
    const chosen: number[] = form.getFieldValue("roleIds") ?? [];
    if (chosen.some((id) => !allowed.has(id)))
      form.setFieldValue(
        "roleIds",
        chosen.filter((id) => allowed.has(id)),
      );
  }, [roles.data, form]);

  // Chosen institutions of the "offices" range lie at or below the user's institution.
  const rangeForest = useMemo(() => {
    if (officeId === undefined) return [];
    const ids = new Set(subtreeIds(offices, officeId));
    return officeForest(
      offices.filter((o) => ids.has(o.id)).map((o) => (o.id === officeId ? { ...o, parentId: null } : o)),
    );
  }, [offices, officeId]);

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t("session.required", { field }),
  });
  // Another user's address, in whatever tenant, gets the one message the save gives too; a check
  // the server refuses (over its limit) leaves it to the save.
  const notTaken = (kind: "email" | "phone") => ({
    validator: async (_: unknown, value: string | undefined) => {
      const v = value?.trim();
      if (!v) return;
      const answer = await userApi
        .checkTaken({ [kind]: v, ...(editingId !== null && { userId: editingId }) })
        .catch(() => null);
      if (answer?.taken) throw new Error(t("user.form.addressUnusable"));
    },
    validateTrigger: "onBlur",
  });

  const save = async (v: UserFormValues) => {
    setSaving(true);
    try {
      await userApi.save(toSavePayload(v, editingId));
      void message.success(t("user.saved"));
      onSaved();
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        const { fields, other } = splitFieldErrors(err.fieldErrors, SHOWN);
        form.setFields(fields);
        for (const text of other) void message.error(text);
      } else if (err instanceof Error && err.message !== "logout") {
        void message.error(err.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const self = editingId !== null && editingId === selfId;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      data-testid="user-drawer"
      title={isNew ? t("user.form.titleNew") : t("user.form.titleEdit", { name: detail.data?.name ?? "" })}
      extra={
        <Space>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!isNew && !detail.data}
            onClick={() => form.submit()}
            data-testid="user-save"
          >
            {t("common.save")}
          </Button>
        </Space>
      }
    >
      <Spin spinning={!isNew && detail.isLoading}>
        <Form
          form={form}
          layout="vertical"
          name="user"
          data-testid="user-form"
          onFinish={save}
          initialValues={emptyUserValues(defaultOfficeId)}
        >
          <Form.Item
            name="username"
            label={t("user.form.username")}
            rules={[
              required(t("user.form.username")),
              { min: 2, max: 64, message: t("user.form.usernameLength") },
              { pattern: /^[\p{L}\p{N}._@-]+$/u, message: t("user.form.usernameFormat") },
            ]}
          >
            <Input autoComplete="off" maxLength={64} data-testid="user-username" />
          </Form.Item>
          <Form.Item name="name" label={t("user.form.name")} rules={[required(t("user.form.name"))]}>
            <Input maxLength={64} data-testid="user-name" />
          </Form.Item>
          <Form.Item
            name="officeId"
            label={t("user.form.office")}
            rules={[{ required: true, message: t("session.required", { field: t("user.form.office") }) }]}
          >
            <TreeSelect
              treeData={forest}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t("user.form.officePlaceholder")}
              data-testid="user-office"
            />
          </Form.Item>
          {isNew && (
            <>
              <Form.Item
                name="password"
                label={t("user.form.password")}
                extra={
                  <>
                    <PasswordPolicyHint policy={policy} password={password} />
                    <Typography.Text type="secondary">{t("user.form.passwordHint")}</Typography.Text>
                  </>
                }
                rules={[required(t("user.form.password")), policyRule(t, policy)]}
              >
                <Input.Password autoComplete="new-password" data-testid="user-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t("user.form.confirm")}
                dependencies={["password"]}
                rules={[
                  required(t("user.form.confirm")),
                  ({ getFieldValue }) => ({
                    validator: (_, value) =>
                      !value || value === getFieldValue("password")
                        ? Promise.resolve()
                        : Promise.reject(new Error(t("session.passwordsDiffer"))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" data-testid="user-password-confirm" />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="roleIds"
            label={t("user.form.roles")}
            extra={officeId === undefined ? t("user.form.rolesNeedOffice") : t("user.form.rolesHint")}
          >
            <Select
              mode="multiple"
              allowClear
              disabled={officeId === undefined}
              loading={roles.isFetching}
              optionFilterProp="label"
              options={(roles.data?.list ?? []).map((r) => ({
                value: r.id,
                label: r.name,
                title: r.description ?? r.name,
              }))}
              notFoundContent={t("user.form.noRoles")}
              data-testid="user-roles"
            />
          </Form.Item>
          <Form.Item
            name="email"
            label={t("user.form.email")}
            // The address check runs when the field is left (its rule's trigger must be the item's too).
            validateTrigger={["onChange", "onBlur"]}
            rules={[{ type: "email", message: t("user.form.emailFormat") }, notTaken("email")]}
          >
            <Input maxLength={254} autoComplete="off" data-testid="user-email" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t("user.form.phone")}
            validateTrigger={["onChange", "onBlur"]}
            rules={[
              { pattern: /^[+\d][\d\s-]{3,31}$/, message: t("user.form.phoneFormat") },
              notTaken("phone"),
            ]}
          >
            <Input maxLength={32} autoComplete="off" data-testid="user-phone" />
          </Form.Item>
          <Form.Item name="dataRange" label={t("user.form.dataRange")}>
            <Radio.Group data-testid="user-data-range">
              <Radio value="subtree">{t("user.range.subtree")}</Radio>
              <Radio value="offices">{t("user.range.offices")}</Radio>
              <Radio value="own">{t("user.range.own")}</Radio>
            </Radio.Group>
          </Form.Item>
          {dataRange === "offices" && (
            <Form.Item
              name="dataOffices"
              label={t("user.form.dataOffices")}
              rules={[{ required: true, type: "array", min: 1, message: t("user.form.dataOfficesRequired") }]}
            >
              <TreeSelect
                treeData={rangeForest}
                multiple
                treeDefaultExpandAll
                treeNodeFilterProp="title"
                data-testid="user-data-offices"
              />
            </Form.Item>
          )}
          <Form.Item name="enabled" label={t("user.form.enabled")} valuePropName="checked">
            <Switch disabled={self} data-testid="user-enabled" />
          </Form.Item>
          <Form.Item name="remarks" label={t("user.form.remarks")}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
