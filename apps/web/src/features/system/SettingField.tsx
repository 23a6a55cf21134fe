import { MailOutlined, UndoOutlined } from "@ant-design/icons";
import type { PasswordPolicy, Permission, SettingType } from "@marquee/contracts";
import { Alert, App, Button, Flex, Input, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { describeAlarmRules } from "../alarm/AlarmRulesEditor";
import { describePaymentSetting, maskStripeSecrets } from "../pay/PaymentSettingEditors";
import { settingsApi } from "./api";
import { SettingEditor } from "./SettingEditors";
import {
  effectiveUploadLimitMb,
  isActive,
  SECRET_MASK,
  type SettingErrors,
  sameValue,
  settingErrors,
  switchOn,
} from "./settingValues";

export const SETTING_PERMISSIONS = {
  view: "sys:setting:view",
  edit: "sys:setting:edit",
} as const satisfies Record<string, Permission>;

/** A value in words, for "Default: …". */
function useDescribe() {
  const { t } = useTranslation();
  return (type: SettingType, value: unknown): string => {
    switch (type.input) {
      case "switch":
        return switchOn(value) ? t("system.settings.on") : t("system.settings.off");
      case "number":
        return type.unit ? `${value} ${t(`system.settings.units.${type.unit}`)}` : String(value);
      case "select":
        return t(`system.settings.options.${type.key}.${String(value)}`);
      case "passwordPolicy": {
        const p = value as PasswordPolicy;
        return t("system.settings.policy.summary", {
          minLength: p.minLength,
          classes: p.classes,
          expiry:
            p.expiryDays === 0
              ? t("system.settings.policy.never")
              : t("system.settings.policy.afterDays", { days: p.expiryDays }),
        });
      }
      case "smtp":
        return value === null ? t("system.settings.smtp.off") : String((value as { host: string }).host);
      case "alarmRules":
        return describeAlarmRules(value, t);
      case "datetime":
      case "bankTransfer":
      case "stripe":
        return describePaymentSetting(type, value, t);
      default:
        return value === "" || value === null || value === undefined
          ? t("system.settings.empty")
          : String(value);
    }
  };
}

/** "Send a test mail": through the saved SMTP server, to the caller's address or the one typed. */
function TestMail({ saved, dirty }: { saved: unknown; dirty: boolean }) {
  const { t } = useTranslation();
  const [to, setTo] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const ready = saved !== null && !dirty;
  const send = async () => {
    setSending(true);
    setResult(null);
    try {
      const res = await settingsApi.testMail(to.trim() || undefined);
      setResult({ ok: true, text: res.msg });
    } catch (err) {
      const fields = err instanceof HttpError ? err.fieldErrors : [];
      setResult({ ok: false, text: fields[0]?.message ?? (err as Error).message });
    } finally {
      setSending(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Input
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder={t("system.settings.smtp.testTo")}
          maxLength={254}
          style={{ width: 260 }}
          aria-label={t("system.settings.smtp.testTo")}
          data-testid="setting-smtp-test-to"
        />
        <AuthButton
          operation={SETTING_PERMISSIONS.edit}
          routePermission={SETTING_PERMISSIONS.view}
          label={t("system.settings.smtp.test")}
          icon={<MailOutlined />}
          loading={sending}
          disabled={!ready}
          title={ready ? undefined : t("system.settings.smtp.saveFirst")}
          onClick={() => void send()}
          data-testid="setting-smtp-test"
        />
        {!ready && <Typography.Text type="secondary">{t("system.settings.smtp.saveFirst")}</Typography.Text>}
      </Space>
      {result && (
        <Alert
          type={result.ok ? "success" : "error"}
          showIcon
          title={result.text}
          data-testid="setting-smtp-test-result"
        />
      )}
    </Space>
  );
}

interface Props {
  type: SettingType;
  /** The saved value (SMTP password masked). */
  saved: unknown;
  /** Every saved value: whether this setting is in use may depend on another one. */
  values: Record<string, unknown>;
  /** Whether the user holds the permission that saves this key (type.writePermission). */
  canEdit: boolean;
  onSaved(key: string, value: unknown): void;
}

/**
 * One setting: its label and help, the typed editor, its default, "reset to
 * default" (fills the editor; saving stores it) and save, with the server's
 * field errors under the field.
 */
export function SettingField({ type, saved, values, canEdit, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribe();
  const [draft, setDraft] = useState<unknown>(saved);
  const [errors, setErrors] = useState<SettingErrors | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !sameValue(draft, saved);
  const editable = canEdit && !type.readOnly;
  const active = isActive(type, values);
  const label = t(type.label);
  const key = type.key;

  const change = (v: unknown) => {
    setDraft(v);
    setErrors(null);
  };
  const save = async () => {
    setSaving(true);
    setErrors(null);
    try {
      await settingsApi.save(key, draft);
      // The server masks the SMTP password: what is saved reads back as the mask.
      const stored =
        key === "smtp" && draft && typeof draft === "object" && (draft as { password?: string }).password
          ? { ...(draft as object), password: SECRET_MASK }
          : key === "stripe"
            ? maskStripeSecrets(draft)
            : draft;
      setDraft(stored);
      onSaved(key, stored);
      void message.success(t("system.settings.saved", { name: label }));
    } catch (err) {
      if (err instanceof HttpError) setErrors(settingErrors(err.fieldErrors, err.message));
      else setErrors({ own: (err as Error).message, fields: {} });
    } finally {
      setSaving(false);
    }
  };

  const whenKey = type.activeWhen?.key;
  return (
    <Flex gap={24} wrap data-testid={`setting-row-${key}`} style={{ padding: "12px 0" }}>
      <div style={{ flex: "1 1 260px", minWidth: 220 }}>
        <Space size={6} wrap>
          <Typography.Text strong>{label}</Typography.Text>
          {type.scope === "tenant" && (
            <Tooltip title={t("system.settings.perTenantHint")}>
              <Tag color="blue" data-testid={`setting-per-tenant-${key}`}>
                {t("system.settings.perTenant")}
              </Tag>
            </Tooltip>
          )}
          {dirty && <Tag color="orange">{t("system.settings.unsaved")}</Tag>}
          {!active && whenKey && (
            <Tag data-testid={`setting-inactive-${key}`}>
              {t("system.settings.inactive", {
                name: t(`system.settings.keys.${whenKey}.label`),
                value: describe(
                  {
                    ...type,
                    input: typeof type.activeWhen?.equals === "boolean" ? "switch" : "select",
                    key: whenKey,
                  },
                  type.activeWhen?.equals,
                ),
              })}
            </Tag>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
          {t(type.help)}
        </Typography.Paragraph>
        {key === "uploadLimitOpen" && (
          <Typography.Text data-testid="setting-upload-effective">
            {t("system.settings.uploadEffective", {
              mb: effectiveUploadLimitMb(values.uploadLimitOpen, values.uploadLimitSize),
            })}
          </Typography.Text>
        )}
      </div>
      <Space orientation="vertical" size={6} style={{ flex: "2 1 380px", minWidth: 260 }}>
        <div data-testid={`setting-${key}`}>
          <SettingEditor
            type={type}
            value={draft}
            onChange={change}
            disabled={!editable || saving}
            fieldErrors={errors?.fields ?? {}}
          />
        </div>
        {errors?.own && (
          <Typography.Text type="danger" data-testid={`setting-error-${key}`}>
            {errors.own}
          </Typography.Text>
        )}
        {!type.readOnly && (
          <Space wrap size="small">
            <Typography.Text type="secondary" data-testid={`setting-default-${key}`}>
              {t("system.settings.default", { value: describe(type, type.default) })}
            </Typography.Text>
            <Button
              size="small"
              icon={<UndoOutlined />}
              disabled={!editable || saving || sameValue(draft, type.default)}
              onClick={() => change(type.default)}
              data-testid={`setting-reset-${key}`}
            >
              {t("system.settings.reset")}
            </Button>
            <AuthButton
              size="small"
              type="primary"
              operation={type.writePermission}
              routePermission={SETTING_PERMISSIONS.view}
              label={t("common.save")}
              loading={saving}
              disabled={!dirty}
              onClick={() => void save()}
              data-testid={`setting-save-${key}`}
            />
          </Space>
        )}
        {key === "smtp" && <TestMail saved={saved} dirty={dirty} />}
      </Space>
    </Flex>
  );
}
