import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { SSO_ERRORS, type SsoLoginInfo } from "@marquee/contracts";
import { Alert, App, Button, Card, Checkbox, Divider, Form, Input, Space } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageCorner } from "../../components/LanguageCorner";
import type { Brand } from "../../config/brands";
import { Footer } from "../../layouts/Footer";
import { useBrand, useBrandFavicon } from "../../layouts/useBrand";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { PasswordExpiredModal } from "./PasswordExpiredModal";
import { loadSession, offerPasswordChange } from "./signIn";

const REMEMBER_KEY = "marquee.rememberedUsername";

interface Values {
  username: string;
  password: string;
  validateCode?: string;
  verificationCode?: string;
  remember: boolean;
}

/**
 * Sign-in (spec §2 /login): initialisation check first, captcha when asked, second factor with a
 * resend countdown. The code field appears only once a sign-in with the right password answered
 * `needVerificationCode` (seniorValidation tells nothing about a user), keeping what was typed.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const brand = useBrand();
  useBrandFavicon(brand);
  const brandName = brand.title === "default" ? "Marquee" : brand.title;
  const [form] = Form.useForm<Values>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaUrl, setCaptchaUrl] = useState("");
  const [needCode, setNeedCode] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Single sign-on of this host's tenant (issue 23), and a refusal it sent back here (?ssoError=…).
  const [sso, setSso] = useState<SsoLoginInfo | null>(null);
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const ssoError = new URLSearchParams(window.location.search).get("ssoError");
  const ssoRefusal = SSO_ERRORS.find((code) => code === ssoError);
  const showPasswordForm = !sso || sso.passwordLogin || passwordAnyway;

  useEffect(() => {
    sessionApi
      .isSysInit()
      .then((r) => {
        if (r.data !== 0 && r.data !== 1) navigate("/init", { replace: true });
        setSso(r.sso ?? null);
      })
      .catch(() => undefined);
  }, [navigate]);

  // Back from the identity provider with a session (the server's cookie): load it as a password sign-in does.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("sso") !== "done") return;
    loadSession()
      .then(() => {
        void message.success(t("session.welcome", { name: useSession.getState().user?.name ?? "" }));
        navigate("/home", { replace: true });
      })
      .catch(() => navigate("/login", { replace: true }));
  }, [message, navigate, t]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const refreshCaptcha = () => setCaptchaUrl(sessionApi.captchaUrl());

  const onFinish = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      await sessionApi.login(v);
      if (v.remember) localStorage.setItem(REMEMBER_KEY, v.username);
      else localStorage.removeItem(REMEMBER_KEY);
      await loadSession();
      void message.success(t("session.welcome", { name: useSession.getState().user?.name ?? v.username }));
      navigate("/home", { replace: true });
    } catch (err) {
      if (err instanceof HttpError) {
        setError(err.message);
        if (err.body?.needCaptcha) {
          setNeedCaptcha(true);
          refreshCaptcha();
          form.setFieldValue("validateCode", "");
        }
        if (err.body?.needVerificationCode) setNeedCode(true);
        offerPasswordChange(err, v);
      } else {
        setError(String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    const { username, password } = form.getFieldsValue();
    try {
      const r = await sessionApi.sendLoginCode(username, password);
      void message.success(r.msg || t("session.codeSent"));
      setCountdown(60);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const required = (field: string) => [{ required: true, message: t("session.required", { field }) }];
  return (
    <div
      style={{
        minHeight: "100%",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        // The tenant's sign-in background, else a gradient towards its theme colour.
        background: brand.loginBackground
          ? `#0f2744 url("${encodeURI(brand.loginBackground)}") center / cover no-repeat`
          : `linear-gradient(135deg,#0f2744,${brand.themeColor ?? "#1d4f8a"})`,
      }}
      data-testid="login-page"
    >
      <LanguageCorner onDark />
      <Dual brand={brand}>
        <Space direction="vertical" align="center" style={{ width: "100%", marginBottom: 16 }}>
          {brand.showLogo && (
            <img
              src={brand.logo}
              alt={brandName}
              height={48}
              style={{ maxWidth: 240, objectFit: "contain" }}
              data-testid="brand-logo"
            />
          )}
          <h1 style={{ margin: 0, fontSize: 22 }} data-testid="brand-title">
            {brandName}
          </h1>
          {brand.tag && brand.tag !== brandName && (
            <span style={{ color: "#555" }} data-testid="brand-tag">
              {brand.tag}
            </span>
          )}
          <span style={{ color: "#888" }}>{t("session.subtitle")}</span>
        </Space>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        {!error && ssoRefusal && (
          <Alert
            type="error"
            showIcon
            message={t(`sso.errors.${ssoRefusal}`)}
            style={{ marginBottom: 16 }}
            data-testid="sso-error"
          />
        )}
        {sso && (
          <>
            <Button type="primary" size="large" block href="/apm-web/sso/start" data-testid="sso-button">
              {t("sso.loginButton", { label: sso.label })}
            </Button>
            {showPasswordForm ? (
              <Divider plain>{t("sso.or")}</Divider>
            ) : (
              // The platform's administrator keeps a password whatever the tenant chose (docs/sso.md).
              <Button
                type="link"
                block
                onClick={() => setPasswordAnyway(true)}
                data-testid="sso-password-link"
              >
                {t("sso.passwordLink")}
              </Button>
            )}
          </>
        )}
        <Form
          hidden={!showPasswordForm}
          form={form}
          name="login"
          onFinish={onFinish}
          // The code belongs to the name the server asked it for: another name asks again.
          onValuesChange={(changed: Partial<Values>) => {
            if ("username" in changed && needCode) {
              setNeedCode(false);
              form.setFieldValue("verificationCode", undefined);
            }
          }}
          initialValues={{
            username: localStorage.getItem(REMEMBER_KEY) ?? "",
            remember: !!localStorage.getItem(REMEMBER_KEY),
          }}
          size="large"
        >
          <Form.Item name="username" rules={required(t("session.username"))}>
            <Input prefix={<UserOutlined />} placeholder={t("session.username")} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={required(t("session.password"))}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t("session.password")}
              autoComplete="current-password"
            />
          </Form.Item>
          {needCaptcha && (
            <Form.Item>
              <Space.Compact style={{ width: "100%" }}>
                <Form.Item name="validateCode" noStyle rules={required(t("session.captcha"))}>
                  <Input prefix={<SafetyOutlined />} placeholder={t("session.captcha")} />
                </Form.Item>
                <img
                  src={captchaUrl}
                  alt={t("session.captcha")}
                  title={t("session.captchaRefresh")}
                  onClick={refreshCaptcha}
                  onKeyDown={refreshCaptcha}
                  style={{ height: 40, cursor: "pointer", border: "1px solid #d9d9d9" }}
                  data-testid="captcha"
                />
              </Space.Compact>
            </Form.Item>
          )}
          {needCode && (
            <Form.Item>
              <Space.Compact style={{ width: "100%" }}>
                <Form.Item name="verificationCode" noStyle rules={required(t("session.verificationCode"))}>
                  <Input
                    prefix={<MailOutlined />}
                    placeholder={t("session.verificationCode")}
                    maxLength={6}
                  />
                </Form.Item>
                <Button onClick={sendCode} disabled={countdown > 0}>
                  {countdown > 0 ? t("session.resendIn", { seconds: countdown }) : t("session.sendCode")}
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t("session.remember")}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t("session.submit")}
          </Button>
        </Form>
      </Dual>
      <PasswordExpiredModal
        onChanged={(password) => {
          form.setFieldValue("password", password);
          form.submit();
        }}
      />
      <div className="marquee-login-footer">
        <Footer />
      </div>
    </div>
  );
}

/**
 * The sign-in card. A brand with `dualScreen` (spec §1) shows it in two halves: the brand (logo, title,
 * tag) on the left, the form on the right; other brands show one card with the brand above the form.
 * The first child is the brand's part, the rest the form.
 */
function Dual({ brand, children }: { brand: Brand; children: ReactNode[] }) {
  const [head, ...form] = children;
  if (!brand.dualScreen) return <Card style={{ width: 380 }}>{children}</Card>;
  return (
    <div
      style={{
        display: "flex",
        flexWrap: "wrap",
        width: "min(900px, calc(100% - 32px))",
        borderRadius: 8,
        overflow: "hidden",
        boxShadow: "0 8px 32px rgba(0,0,0,0.3)",
      }}
      data-testid="login-dual"
    >
      <div
        style={{
          flex: "1 1 320px",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          padding: 32,
          background: "rgba(255,255,255,0.9)",
        }}
        data-testid="login-brand-panel"
      >
        {head}
      </div>
      <Card style={{ flex: "1 1 320px", borderRadius: 0 }} variant="borderless">
        {form}
      </Card>
    </div>
  );
}
