import { DEFAULT_PASSWORD_POLICY } from "@marquee/contracts";
import { App, Button, Card, Form, Input } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageCorner } from "../../components/LanguageCorner";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { PasswordPolicyHint, policyRule } from "../user/PasswordPolicyHint";

interface Values {
  officeName: string;
  username: string;
  name: string;
  email?: string;
  password: string;
  confirm: string;
}

/** First run (spec §4): creates the platform institution and the first administrator. */
export default function InitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // Nothing is stored before the first administrator: the server applies the default policy.
  const password = Form.useWatch("password", form);

  useEffect(() => {
    sessionApi
      .isSysInit()
      .then((r) => {
        if (r.data === 0 || r.data === 1) navigate("/login", { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);

  const onFinish = async ({ confirm: _confirm, email, ...v }: Values) => {
    setBusy(true);
    try {
      await sessionApi.sysInit({ ...v, email: email || undefined });
      void message.success(t("session.initDone"));
      navigate("/login", { replace: true });
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        form.setFields(err.fieldErrors.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
      } else {
        void message.error(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({ required: true, message: t("session.required", { field }) });
  return (
    <div
      style={{
        minHeight: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#0f2744",
        position: "relative",
      }}
      data-testid="init-page"
    >
      <LanguageCorner onDark />
      <Card title={t("session.initTitle")} style={{ width: 460 }}>
        <p>{t("session.initIntro")}</p>
        <Form form={form} layout="vertical" onFinish={onFinish} name="init">
          <Form.Item
            name="officeName"
            label={t("session.officeName")}
            rules={[required(t("session.officeName"))]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="username" label={t("session.username")} rules={[required(t("session.username"))]}>
            <Input maxLength={64} autoComplete="username" />
          </Form.Item>
          <Form.Item name="name" label={t("session.name")} rules={[required(t("session.name"))]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="email" label={t("session.email")} rules={[{ type: "email" }]}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t("session.password")}
            extra={<PasswordPolicyHint policy={DEFAULT_PASSWORD_POLICY} password={password} />}
            rules={[required(t("session.password")), policyRule(t, DEFAULT_PASSWORD_POLICY)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t("session.confirmPassword")}
            dependencies={["password"]}
            rules={[
              required(t("session.confirmPassword")),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  value === getFieldValue("password")
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("session.passwordsDiffer"))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t("session.initSubmit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
