import { UploadOutlined, UserOutlined } from "@ant-design/icons";
import { AVATAR_MAX_BYTES, type UserInfo } from "@marquee/contracts";
import { App, Avatar, Button, Card, Form, Input, Space, Spin, Switch, Tabs, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { PasswordPolicyHint, policyRule, usePasswordPolicy } from "../user/PasswordPolicyHint";
import { ApiTokensTab } from "./ApiTokensTab";

interface ProfileValues {
  username: string;
  officeName: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const PROFILE_FIELDS = ["name", "email", "phone", "avatar"] as const;
const PASSWORD_FIELDS = ["oldPassword", "newPassword"] as const;

/** The text to show for a failed call, or null when the client already handled it (sign-out). */
function failText(err: unknown): string | null {
  if (err instanceof HttpError) return err.message === "logout" ? null : err.message;
  return err instanceof Error ? err.message : String(err);
}

/** The personal centre (/personalCenter): profile, second-factor sign-in, password change and API tokens. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [profileForm] = Form.useForm<ProfileValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const [savingProfile, setSavingProfile] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const [savingTwoFactor, setSavingTwoFactor] = useState(false);
  const [savingPassword, setSavingPassword] = useState(false);
  const avatar = Form.useWatch("avatar", profileForm);
  // The password policy in force, stated under the new password and checked as it is typed.
  const policy = usePasswordPolicy();
  const newPassword = Form.useWatch("newPassword", passwordForm);

  useEffect(() => {
    let live = true;
    sessionApi
      .userInfo()
      .then((r) => {
        if (!live) return;
        setInfo(r.user);
        setTwoFactor(r.user.twoFactor);
        profileForm.setFieldsValue({
          username: r.user.username,
          officeName: r.user.officeName,
          name: r.user.name,
          email: r.user.email ?? "",
          phone: r.user.phone ?? "",
          avatar: r.user.avatar ?? "",
        });
      })
      .catch(() => undefined) // the http client shows the failure
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [profileForm]);

  /** Puts the server's field errors on the form's fields; anything else becomes a toast. */
  const showErrors = <F extends string>(
    err: unknown,
    fields: readonly F[],
    setFields: (list: Array<{ name: F; errors: string[] }>) => void,
  ) => {
    const own =
      err instanceof HttpError
        ? err.fieldErrors.filter((f): f is { field: F; message: string } => fields.includes(f.field as F))
        : [];
    if (own.length) {
      setFields(own.map((f) => ({ name: f.field, errors: [f.message] })));
      return;
    }
    const other = err instanceof HttpError ? err.fieldErrors[0]?.message : undefined;
    const text = other ?? failText(err);
    if (text) void message.error(text);
  };

  /** Sends the chosen image (at most 512 KB) and shows it at once; the server checks it again. */
  const uploadAvatar = async (file: File) => {
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t("personal.avatarTooLarge", { max: AVATAR_MAX_BYTES / 1024 }));
      return;
    }
    const image = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    try {
      const r = await sessionApi.uploadAvatar(image);
      profileForm.setFieldValue("avatar", r.avatar);
      const current = useSession.getState().user;
      if (current) useSession.getState().setUser({ ...current, avatar: r.avatar });
      void message.success(t("personal.saved"));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    }
  };

  const saveProfile = async (v: ProfileValues) => {
    const name = v.name.trim();
    const avatarUrl = (v.avatar ?? "").trim();
    setSavingProfile(true);
    try {
      await sessionApi.saveUserInfo({
        name,
        email: (v.email ?? "").trim(),
        phone: (v.phone ?? "").trim(),
        avatar: avatarUrl,
      });
      void message.success(t("personal.saved"));
      const session = useSession.getState();
      const current = session.user;
      session.setUser(
        current
          ? { ...current, name, avatar: avatarUrl || null }
          : {
              id: info?.id ?? 0,
              name,
              avatar: avatarUrl || null,
              username: info?.username,
              officeName: info?.officeName,
            },
      );
      setInfo((i) => (i ? { ...i, name, avatar: avatarUrl || null } : i));
    } catch (err) {
      showErrors(err, PROFILE_FIELDS, (list) => profileForm.setFields(list));
    } finally {
      setSavingProfile(false);
    }
  };

  const toggleTwoFactor = async (on: boolean) => {
    const before = twoFactor;
    setTwoFactor(on);
    setSavingTwoFactor(true);
    try {
      await sessionApi.saveUserInfo({ twoFactor: on });
      void message.success(t("personal.saved"));
    } catch (err) {
      setTwoFactor(before);
      const refusal = err instanceof HttpError ? err.fieldErrors[0]?.message : undefined;
      const text = refusal ?? failText(err);
      if (text) void message.error(text);
    } finally {
      setSavingTwoFactor(false);
    }
  };

  const changePassword = async (v: PasswordValues) => {
    setSavingPassword(true);
    try {
      await sessionApi.modifyPassword(v.oldPassword, v.newPassword);
      void message.success(t("personal.passwordChanged"));
      passwordForm.resetFields();
    } catch (err) {
      showErrors(err, PASSWORD_FIELDS, (list) => passwordForm.setFields(list));
    } finally {
      setSavingPassword(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t("session.required", { field }),
  });

  const profile = (
    <Card>
      <Spin spinning={loading}>
        <Form
          form={profileForm}
          layout="vertical"
          name="profile"
          data-testid="profile-form"
          onFinish={saveProfile}
          style={{ maxWidth: 520 }}
        >
          <Form.Item label={t("personal.avatar")}>
            <Space size="large">
              <Avatar
                size={72}
                src={avatar ? avatar : undefined}
                icon={<UserOutlined />}
                alt={t("personal.avatar")}
              />
              <Upload
                accept="image/png,image/jpeg,image/gif,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  void uploadAvatar(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="avatar-upload">
                  {t("personal.upload")}
                </Button>
              </Upload>
            </Space>
          </Form.Item>
          <Form.Item name="username" label={t("personal.username")}>
            <Input readOnly variant="filled" />
          </Form.Item>
          <Form.Item name="officeName" label={t("personal.office")}>
            <Input readOnly variant="filled" />
          </Form.Item>
          <Form.Item name="name" label={t("personal.name")} rules={[required(t("personal.name"))]}>
            <Input maxLength={64} autoComplete="name" />
          </Form.Item>
          <Form.Item name="email" label={t("personal.email")} rules={[{ type: "email" }]}>
            <Input maxLength={254} autoComplete="email" />
          </Form.Item>
          <Form.Item name="phone" label={t("personal.phone")}>
            <Input maxLength={32} autoComplete="tel" />
          </Form.Item>
          <Form.Item name="avatar" label={t("personal.avatarUrl")}>
            <Input maxLength={500} allowClear />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={savingProfile}
            disabled={!info}
            data-testid="profile-save"
          >
            {t("common.save")}
          </Button>
        </Form>
      </Spin>
    </Card>
  );

  const security = (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Card title={t("personal.twoFactor")} loading={loading}>
        <Space align="center">
          <Switch
            data-testid="two-factor-switch"
            checked={twoFactor}
            loading={savingTwoFactor}
            disabled={!info}
            onChange={(on) => void toggleTwoFactor(on)}
          />
          <Typography.Text type="secondary">{t("personal.twoFactorHint")}</Typography.Text>
        </Space>
      </Card>
      <Card title={t("personal.changePassword")}>
        <Form
          form={passwordForm}
          layout="vertical"
          name="password"
          data-testid="password-form"
          onFinish={changePassword}
          style={{ maxWidth: 520 }}
        >
          <Form.Item
            name="oldPassword"
            label={t("personal.oldPassword")}
            rules={[required(t("personal.oldPassword"))]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t("personal.newPassword")}
            extra={<PasswordPolicyHint policy={policy} password={newPassword} />}
            rules={[required(t("personal.newPassword")), policyRule(t, policy)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t("personal.confirmPassword")}
            dependencies={["newPassword"]}
            rules={[
              required(t("personal.confirmPassword")),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue("newPassword")
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("session.passwordsDiffer"))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={savingPassword} data-testid="password-save">
            {t("personal.changePassword")}
          </Button>
        </Form>
      </Card>
    </Space>
  );

  return (
    <Tabs
      defaultActiveKey="profile"
      items={[
        { key: "profile", label: t("personal.profile"), children: profile },
        { key: "security", label: t("personal.security"), children: security },
        { key: "tokens", label: t("personal.tokens.tab"), children: <ApiTokensTab /> },
      ]}
    />
  );
}
