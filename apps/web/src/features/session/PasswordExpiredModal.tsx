import { LockOutlined, SafetyOutlined } from "@ant-design/icons";
import { DEFAULT_PASSWORD_POLICY } from "@marquee/contracts";
import { Alert, App, Form, Input, Modal, Space } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../layouts/LanguageSwitch";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { changeExpiredPassword } from "../user/api";
import { PasswordPolicyHint, policyRule } from "../user/PasswordPolicyHint";
import { useExpiredPassword } from "./signIn";

interface Values {
  newPassword: string;
  confirm: string;
  validateCode?: string;
}

/**
 * A password that expired or was set by an administrator: the sign-in page
 * opens this with what was typed, the user chooses a new password
 * (pwdPastDueModify, the policy stated and checked as they type), and the
 * page signs in with it (`onChanged`).
 */
export function PasswordExpiredModal({ onChanged }: { onChanged: (newPassword: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pending = useExpiredPassword((s) => s.pending);
  const close = useExpiredPassword((s) => s.close);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captchaUrl, setCaptchaUrl] = useState<string | null>(null);
  const newPassword = Form.useWatch("newPassword", form);
  const policy = pending?.policy ?? DEFAULT_PASSWORD_POLICY;

  useEffect(() => {
    if (!pending) return;
    form.resetFields();
    setError(null);
    setCaptchaUrl(null);
  }, [pending, form]);

  const submit = async (v: Values) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await changeExpiredPassword({
        username: pending.username,
        oldPassword: pending.password,
        newPassword: v.newPassword,
        validateCode: v.validateCode,
      });
      void message.success(t("user.expired.done"));
      close();
      onChanged(v.newPassword);
    } catch (err) {
      if (err instanceof HttpError) {
        const field = err.fieldErrors.find((f) => f.field === "newPassword");
        if (field) form.setFields([{ name: "newPassword", errors: [field.message] }]);
        else setError(err.message);
        if (err.body?.needCaptcha) {
          setCaptchaUrl(sessionApi.captchaUrl());
          form.setFieldValue("validateCode", "");
        }
      } else {
        setError(String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({ required: true, message: t("session.required", { field }) });
  return (
    <Modal
      open={pending !== null}
      title={
        // Before sign-in: the language can still be changed here, the page's own switch is under the mask.
        <Space style={{ width: "100%", justifyContent: "space-between", paddingRight: 32 }}>
          {t("user.expired.title")}
          <LanguageSwitch />
        </Space>
      }
      okText={t("user.expired.submit")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ "data-testid": "password-expired-submit" }}
    >
      <div data-testid="password-expired-modal">
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            pending?.reason === "reset" ? t("user.expired.reasonReset") : t("user.expired.reasonExpired")
          }
        />
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" name="passwordExpired" onFinish={submit}>
          <Form.Item label={t("user.expired.account")}>
            <Input value={pending?.username ?? ""} readOnly variant="filled" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t("user.expired.newPassword")}
            extra={<PasswordPolicyHint policy={policy} password={newPassword} />}
            rules={[required(t("user.expired.newPassword")), policyRule(t, policy)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              data-testid="password-expired-new"
            />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t("user.expired.confirm")}
            dependencies={["newPassword"]}
            rules={[
              required(t("user.expired.confirm")),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue("newPassword")
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("session.passwordsDiffer"))),
              }),
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              data-testid="password-expired-confirm"
            />
          </Form.Item>
          {captchaUrl && (
            <Form.Item>
              <Space.Compact style={{ width: "100%" }}>
                <Form.Item name="validateCode" noStyle rules={[required(t("session.captcha"))]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t("session.captcha")} />
                </Form.Item>
                <img
                  src={captchaUrl}
                  alt={t("session.captcha")}
                  title={t("session.captchaRefresh")}
                  onClick={() => setCaptchaUrl(sessionApi.captchaUrl())}
                  onKeyDown={() => setCaptchaUrl(sessionApi.captchaUrl())}
                  style={{ height: 40, cursor: "pointer", border: "1px solid #d9d9d9" }}
                />
              </Space.Compact>
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
