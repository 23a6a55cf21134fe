import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { SsoConfigBody } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Empty, Form, Input, Select, Space, Spin, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AuthButton } from "../../components/AuthButton";
import { ssoApi } from "./api";

type Values = z.input<typeof SsoConfigBody>;

const EDIT = "sys:sso:edit";

/**
 * Single sign-on of the caller's tenant (ssoSettings, sys/sso): the OpenID provider, the role mapping,
 * just-in-time users and whether passwords still work; the callback URL to register at the provider.
 */
export default function SsoSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const { data, isError } = useQuery({ queryKey: ["sso"], queryFn: ssoApi.get });
  const jit = Form.useWatch("jit", form);

  useEffect(() => {
    if (!data) return;
    const c = data.config;
    form.setFieldsValue({
      enabled: c?.enabled ?? false,
      label: c?.label ?? "",
      issuer: c?.issuer ?? "",
      clientId: c?.clientId ?? "",
      clientSecret: "",
      scopes: c?.scopes ?? "openid email profile",
      roleClaim: c?.roleClaim ?? "",
      roleMap: c?.roleMap ?? [],
      jit: c?.jit ?? false,
      jitOfficeId: c?.jitOfficeId ?? null,
      jitRoleId: c?.jitRoleId ?? null,
      passwordLogin: c?.passwordLogin ?? true,
    });
  }, [data, form]);

  if (isError) return <Empty />;
  if (!data) return <Spin style={{ display: "block", margin: 48 }} />;
  const roles = data.roles.map((r) => ({ value: r.id, label: r.name }));
  const offices = data.offices.map((o) => ({ value: o.id, label: o.name }));

  const save = async (v: Values) => {
    setBusy(true);
    try {
      await ssoApi.save({ ...v, officeId: data.officeId, clientSecret: v.clientSecret || undefined });
      void message.success(t("sso.saved"));
      await queries.invalidateQueries({ queryKey: ["sso"] });
    } catch {
      // The server's reason was shown.
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    const issuer = form.getFieldValue("issuer") as string;
    setFound(null);
    try {
      const r = await ssoApi.test(issuer);
      setFound(t("sso.testOk", { issuer: r.issuer, claims: r.claimsSupported.join(", ") || "—" }));
    } catch {
      // The server's reason was shown.
    }
  };

  return (
    <Card title={t("routes.ssoSettings")} data-testid="sso-settings">
      <Space orientation="vertical" size="middle" style={{ width: "100%", maxWidth: 760 }}>
        <Typography.Paragraph type="secondary">{t("sso.intro")}</Typography.Paragraph>
        <Alert
          type="info"
          showIcon
          title={t("sso.callbackUrl")}
          description={
            <>
              <Typography.Text copyable code data-testid="sso-callback">
                {data.callbackUrl}
              </Typography.Text>
              <div>{t("sso.callbackHelp")}</div>
            </>
          }
        />
        <Form form={form} layout="vertical" onFinish={save} name="sso">
          <Form.Item name="enabled" label={t("sso.enabled")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="label"
            label={t("sso.label")}
            extra={t("sso.labelHelp")}
            rules={[{ required: true }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label={t("sso.issuer")} extra={t("sso.issuerHelp")} required>
            <Space.Compact style={{ width: "100%" }}>
              <Form.Item name="issuer" noStyle rules={[{ required: true }]}>
                <Input placeholder="https://idp.example.com/realms/acme" />
              </Form.Item>
              <Button onClick={test} data-testid="sso-test">
                {t("sso.test")}
              </Button>
            </Space.Compact>
          </Form.Item>
          {found && <Alert type="success" showIcon title={found} style={{ marginBottom: 16 }} />}
          <Form.Item name="clientId" label={t("sso.clientId")} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="clientSecret" label={t("sso.clientSecret")}>
            <Input.Password
              autoComplete="new-password"
              placeholder={data.config?.clientSecretSet ? t("sso.secretSet") : ""}
            />
          </Form.Item>
          <Form.Item name="scopes" label={t("sso.scopes")}>
            <Input />
          </Form.Item>
          <Form.Item name="roleClaim" label={t("sso.roleClaim")} extra={t("sso.roleClaimHelp")}>
            <Input placeholder="groups" />
          </Form.Item>
          <Form.Item label={t("sso.roleMap")}>
            <Form.List name="roleMap">
              {(fields, { add, remove }) => (
                <Space orientation="vertical" style={{ width: "100%" }}>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline">
                      <Form.Item name={[f.name, "value"]} rules={[{ required: true }]} noStyle>
                        <Input placeholder={t("sso.claimValue")} style={{ width: 240 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, "roleId"]} rules={[{ required: true }]} noStyle>
                        <Select options={roles} placeholder={t("sso.role")} style={{ width: 220 }} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ value: "" })}>
                    {t("sso.addMapping")}
                  </Button>
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="jit" label={t("sso.jit")} extra={t("sso.jitHelp")} valuePropName="checked">
            <Switch />
          </Form.Item>
          {jit && (
            <Space wrap>
              <Form.Item name="jitOfficeId" label={t("sso.jitOffice")} rules={[{ required: true }]}>
                <Select options={offices} style={{ width: 240 }} />
              </Form.Item>
              <Form.Item name="jitRoleId" label={t("sso.jitRole")} rules={[{ required: true }]}>
                <Select options={roles} style={{ width: 240 }} />
              </Form.Item>
            </Space>
          )}
          <Form.Item
            name="passwordLogin"
            label={t("sso.passwordLogin")}
            extra={t("sso.passwordLoginHelp")}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <AuthButton
            operation={EDIT}
            label={t("sso.save")}
            type="primary"
            htmlType="submit"
            loading={busy}
          />
        </Form>
      </Space>
    </Card>
  );
}
