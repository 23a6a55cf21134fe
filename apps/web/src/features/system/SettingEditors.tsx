import type { CallCenter, PasswordPolicy, SettingType } from "@marquee/contracts";
import { Descriptions, Flex, Input, InputNumber, Select, Space, Switch, Typography } from "antd";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { timeZoneChoices } from "../../editor/panels/options";
import { AlarmRulesEditor } from "../alarm/AlarmRulesEditor";
import { BankTransferEditor, OpenTimeEditor, StripeEditor } from "../pay/PaymentSettingEditors";
import { EMPTY_SMTP, maxLengthOf, numberBounds, type SmtpForm, switchOn, switchValue } from "./settingValues";

/** What every editor gets: the definition, the value being edited, and the server's errors of its fields. */
export interface EditorProps {
  type: SettingType;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  fieldErrors: Record<string, string>;
}

/** A labelled field of an object setting, with its error below it. */
function SubField({
  label,
  error,
  testId,
  children,
}: {
  label: string;
  error?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 150 }} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
      {error && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

function NumberEditor({ type, value, onChange, disabled }: EditorProps) {
  const { t } = useTranslation();
  const { min, max } = numberBounds(type.schema);
  return (
    <InputNumber<number>
      min={min}
      max={max}
      precision={0}
      value={typeof value === "number" ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
      disabled={disabled}
      suffix={type.unit ? t(`system.settings.units.${type.unit}`) : undefined}
      style={{ width: 200 }}
      aria-label={t(type.label)}
    />
  );
}

function TimezoneEditor({ type, value, onChange, disabled }: EditorProps) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneChoices(), []);
  return (
    <Select<string>
      showSearch={{ optionFilterProp: "label" }}
      value={typeof value === "string" ? value : undefined}
      onChange={onChange}
      disabled={disabled}
      options={[
        // A zone saved elsewhere that this browser does not list still shows.
        ...(typeof value === "string" && value && !zones.includes(value) ? [{ value, label: value }] : []),
        ...zones.map((z) => ({ value: z, label: z })),
      ]}
      placeholder={t("system.settings.timezoneSearch")}
      style={{ width: 280 }}
      aria-label={t(type.label)}
    />
  );
}

function PasswordPolicyEditor({ type, value, onChange, disabled, fieldErrors }: EditorProps) {
  const { t } = useTranslation();
  const policy = value as PasswordPolicy;
  const field = (name: keyof PasswordPolicy, label: string, suffix?: string) => {
    const { min, max } = numberBounds(type.schema, name);
    return (
      <SubField label={label} error={fieldErrors[name]} testId={`setting-${type.key}-${name}`}>
        <InputNumber<number>
          min={min}
          max={max}
          precision={0}
          value={policy?.[name] ?? null}
          onChange={(v) => onChange({ ...policy, [name]: v ?? undefined })}
          disabled={disabled}
          suffix={suffix}
          style={{ width: 150 }}
          aria-label={label}
        />
      </SubField>
    );
  };
  return (
    <Space orientation="vertical" size={4}>
      <Space wrap align="start">
        {field("minLength", t("system.settings.policy.minLength"), t("system.settings.policy.chars"))}
        {field("classes", t("system.settings.policy.classes"))}
        {field("expiryDays", t("system.settings.policy.expiryDays"), t("system.settings.policy.days"))}
      </Space>
      <Typography.Text type="secondary">{t("system.settings.policy.hint")}</Typography.Text>
    </Space>
  );
}

function SmtpEditor({ type, value, onChange, disabled, fieldErrors }: EditorProps) {
  const { t } = useTranslation();
  const smtp = value as SmtpForm | null;
  const set = (patch: Partial<SmtpForm>) => onChange({ ...(smtp ?? EMPTY_SMTP), ...patch });
  const text = (name: "host" | "username" | "from", max: number, placeholder?: string) => (
    <SubField
      label={t(`system.settings.smtp.${name}`)}
      error={fieldErrors[name]}
      testId={`setting-${type.key}-${name}`}
    >
      <Input
        value={smtp?.[name] ?? ""}
        maxLength={max}
        onChange={(e) => set({ [name]: e.target.value })}
        disabled={disabled}
        placeholder={placeholder}
        aria-label={t(`system.settings.smtp.${name}`)}
      />
    </SubField>
  );
  return (
    <Space orientation="vertical" size="small" style={{ width: "100%" }}>
      <Space>
        <Switch
          checked={smtp !== null}
          onChange={(on) => onChange(on ? { ...EMPTY_SMTP } : null)}
          disabled={disabled}
          aria-label={t("system.settings.smtp.enabled")}
          data-testid={`setting-${type.key}-enabled`}
        />
        <Typography.Text>
          {smtp === null ? t("system.settings.smtp.off") : t("system.settings.smtp.enabled")}
        </Typography.Text>
      </Space>
      {smtp !== null && (
        <Space wrap align="start">
          {text("host", 253, "smtp.example.com")}
          <SubField
            label={t("system.settings.smtp.port")}
            error={fieldErrors.port}
            testId={`setting-${type.key}-port`}
          >
            <InputNumber<number>
              min={1}
              max={65535}
              precision={0}
              value={smtp.port}
              onChange={(v) => set({ port: v ?? undefined })}
              disabled={disabled}
              aria-label={t("system.settings.smtp.port")}
            />
          </SubField>
          <SubField
            label={t("system.settings.smtp.secure")}
            error={fieldErrors.secure}
            testId={`setting-${type.key}-secure`}
          >
            <Switch
              checked={smtp.secure}
              onChange={(secure) => set({ secure })}
              disabled={disabled}
              aria-label={t("system.settings.smtp.secure")}
            />
          </SubField>
          {text("username", 254)}
          <SubField
            label={t("system.settings.smtp.password")}
            error={fieldErrors.password}
            testId={`setting-${type.key}-password`}
          >
            <Input.Password
              value={smtp.password}
              maxLength={512}
              onChange={(e) => set({ password: e.target.value })}
              disabled={disabled}
              autoComplete="new-password"
              aria-label={t("system.settings.smtp.password")}
            />
          </SubField>
          {text("from", 254, "Marquee <noreply@example.com>")}
        </Space>
      )}
    </Space>
  );
}

/** The customer centre is edited on its own page: here it is shown, with the way there. */
function CallCenterView({ value }: EditorProps) {
  const { t } = useTranslation();
  const c = value as CallCenter;
  const fields = ["phone", "email", "hours", "address", "notes"] as const;
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Descriptions
        size="small"
        column={1}
        items={fields.map((f) => ({
          key: f,
          label: t(`system.settings.callCenter.${f}`),
          children: c?.[f] || "-",
        }))}
      />
      <Link to="/sysManage/callCenter">{t("system.settings.callCenter.open")}</Link>
    </Space>
  );
}

/** The editor of a setting, chosen by the kind the server describes. */
export function SettingEditor(props: EditorProps) {
  const { t } = useTranslation();
  const { type, value, onChange, disabled } = props;
  switch (type.input) {
    case "switch":
      return (
        <Switch
          checked={switchOn(value)}
          onChange={(on) => onChange(switchValue(on, type))}
          disabled={disabled}
          aria-label={t(type.label)}
        />
      );
    case "number":
      return <NumberEditor {...props} />;
    case "select":
      return (
        <Select<string>
          value={typeof value === "string" ? value : undefined}
          onChange={onChange}
          disabled={disabled}
          options={(type.options ?? []).map((o) => ({
            value: o,
            label: t(`system.settings.options.${type.key}.${o}`),
          }))}
          style={{ width: 280 }}
          aria-label={t(type.label)}
        />
      );
    case "timezone":
      return <TimezoneEditor {...props} />;
    case "passwordPolicy":
      return <PasswordPolicyEditor {...props} />;
    case "smtp":
      return <SmtpEditor {...props} />;
    case "callCenter":
      return <CallCenterView {...props} />;
    case "alarmRules":
      return <AlarmRulesEditor {...props} />;
    case "datetime":
      return <OpenTimeEditor {...props} />;
    case "bankTransfer":
      return <BankTransferEditor {...props} />;
    case "stripe":
      return <StripeEditor {...props} />;
    default:
      return (
        <Input
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.target.value)}
          maxLength={maxLengthOf(type.schema)}
          disabled={disabled}
          allowClear={type.input === "url"}
          placeholder={type.input === "url" ? "https://" : undefined}
          style={{ maxWidth: 520 }}
          aria-label={t(type.label)}
        />
      );
  }
}
