import { App, Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { userApi } from "./api";
import { PasswordPolicyHint, policyRule, usePasswordPolicy } from "./PasswordPolicyHint";

interface Values {
  password: string;
  confirm: string;
}

/** An administrator sets another user's password (modifyPwd): their sessions end and they must change it. */
export function ResetPasswordModal({
  user,
  onClose,
}: {
  user: { id: number; username: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const policy = usePasswordPolicy();
  const password = Form.useWatch("password", form);

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const submit = async (v: Values) => {
    if (!user) return;
    setBusy(true);
    try {
      await userApi.resetPassword(user.id, v.password);
      void message.success(t("user.reset.done", { name: user.name }));
      onClose();
    } catch (err) {
      const field =
        err instanceof HttpError ? err.fieldErrors.find((f) => f.field === "password") : undefined;
      if (field) form.setFields([{ name: "password", errors: [field.message] }]);
      else if (err instanceof Error && err.message !== "logout") void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({ required: true, message: t("session.required", { field }) });
  return (
    <Modal
      open={user !== null}
      title={t("user.reset.title", { name: user?.name ?? "" })}
      okText={t("user.reset.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "user-reset-ok" }}
    >
      <Typography.Paragraph type="secondary">{t("user.reset.hint")}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="resetPassword"
        onFinish={submit}
        data-testid="user-reset-form"
      >
        <Form.Item
          name="password"
          label={t("user.reset.password")}
          extra={<PasswordPolicyHint policy={policy} password={password} />}
          rules={[required(t("user.reset.password")), policyRule(t, policy)]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t("user.reset.confirm")}
          dependencies={["password"]}
          rules={[
            required(t("user.reset.confirm")),
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue("password")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("session.passwordsDiffer"))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
