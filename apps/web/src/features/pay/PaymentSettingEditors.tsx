import {
  API_PREFIX,
  type BankTransfer,
  DEFAULT_BANK_TRANSFER,
  DEFAULT_STRIPE_SETTING,
  type SettingType,
  type StripeSetting,
} from "@marquee/contracts";
import { Button, DatePicker, Flex, Input, Space, Switch, Tag, Typography } from "antd";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateTime } from "../../components/dateTime";

/** What the settings page gives a setting's editor (see features/system/SettingEditors.tsx). */
interface Props {
  type: SettingType;
  value: unknown;
  onChange(value: unknown): void;
  disabled: boolean;
  fieldErrors: Record<string, string>;
}

/** What the server shows instead of a saved secret; sent back unchanged, it keeps the secret. */
const SECRET_MASK = "********";

/** The Stripe setting as the server reads it back after a save: its keys masked when set. */
export function maskStripeSecrets(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const v = value as Partial<StripeSetting>;
  return {
    ...v,
    secretKey: v.secretKey ? SECRET_MASK : "",
    webhookSecret: v.webhookSecret ? SECRET_MASK : "",
  };
}

/** The Stripe webhook endpoint to register with Stripe (an open route of this server). */
export const stripeWebhookUrl = () => `${window.location.origin}${API_PREFIX}/f/pay/stripe/webhook`;

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
    <Flex vertical gap={2} style={{ minWidth: 200 }} data-testid={testId}>
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

/** A payment setting in words, for "Default: …". */
export function describePaymentSetting(type: SettingType, value: unknown, t: TFunction): string {
  switch (type.input) {
    case "datetime":
      return typeof value === "string" && value ? dateTime(value) : t("system.settings.payment.closed");
    case "bankTransfer": {
      const b = value as BankTransfer | null;
      return b?.accountName || b?.accountNumber || t("system.settings.empty");
    }
    default:
      return (value as StripeSetting | null)?.enabled
        ? t("system.settings.payment.stripeEnabled")
        : t("system.settings.payment.stripeOff");
  }
}

/** paymentSwitchOpenTime: closed (""), or the moment paid services open (ISO). */
export function OpenTimeEditor({ type, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const open = typeof value === "string" && value !== "";
  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        <Switch
          checked={open}
          onChange={(on) => onChange(on ? dayjs().startOf("minute").toISOString() : "")}
          disabled={disabled}
          aria-label={t(type.label)}
          data-testid={`setting-${type.key}-open`}
        />
        <Typography.Text>
          {open ? t("system.settings.payment.openAt") : t("system.settings.payment.closed")}
        </Typography.Text>
        {open && (
          <DatePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            value={dayjs(value)}
            allowClear={false}
            onChange={(d) => d && onChange(d.second(0).millisecond(0).toISOString())}
            disabled={disabled}
            placeholder={t("system.settings.payment.pickTime")}
            aria-label={t("system.settings.payment.pickTime")}
            data-testid={`setting-${type.key}-picker`}
          />
        )}
      </Space>
      {!open && <Typography.Text type="secondary">{t("system.settings.payment.closedHint")}</Typography.Text>}
    </Space>
  );
}

/** bankTransfer: the account buyers transfer to. */
export function BankTransferEditor({ type, value, onChange, disabled, fieldErrors }: Props) {
  const { t } = useTranslation();
  const bank = { ...DEFAULT_BANK_TRANSFER, ...((value as Partial<BankTransfer> | null) ?? {}) };
  const text = (name: "accountName" | "bank" | "accountNumber", max: number) => (
    <SubField
      label={t(`system.settings.payment.${name}`)}
      error={fieldErrors[name]}
      testId={`setting-${type.key}-${name}`}
    >
      <Input
        value={bank[name]}
        maxLength={max}
        onChange={(e) => onChange({ ...bank, [name]: e.target.value })}
        disabled={disabled}
        aria-label={t(`system.settings.payment.${name}`)}
      />
    </SubField>
  );
  return (
    <Space orientation="vertical" size="small" style={{ width: "100%" }}>
      <Space wrap align="start">
        {text("accountName", 200)}
        {text("bank", 200)}
        {text("accountNumber", 100)}
      </Space>
      <SubField
        label={t("system.settings.payment.note")}
        error={fieldErrors.note}
        testId={`setting-${type.key}-note`}
      >
        <Input.TextArea
          value={bank.note}
          maxLength={2000}
          rows={2}
          onChange={(e) => onChange({ ...bank, note: e.target.value })}
          disabled={disabled}
          aria-label={t("system.settings.payment.note")}
        />
      </SubField>
    </Space>
  );
}

/**
 * A secret the server never sends back: "set" or "not set", and a field to
 * type a new one. The mask sent back unchanged keeps the stored secret.
 */
function SecretField({
  label,
  value,
  onChange,
  disabled,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  disabled: boolean;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  // What the page loaded: a secret typed over it can be dropped to keep that one.
  const [loaded] = useState(value);
  const masked = value === SECRET_MASK;
  return (
    <SubField label={label} error={error} testId={testId}>
      <Space wrap size={6}>
        <Input.Password
          value={masked ? "" : value}
          maxLength={500}
          placeholder={masked ? t("system.settings.payment.secretReplace") : undefined}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          autoComplete="new-password"
          aria-label={label}
          style={{ width: 260 }}
          data-testid={`${testId}-input`}
        />
        {masked ? (
          <Tag color="green" data-testid={`${testId}-state`}>
            {t("system.settings.payment.secretSet")}
          </Tag>
        ) : value === "" ? (
          <Tag data-testid={`${testId}-state`}>{t("system.settings.payment.secretNotSet")}</Tag>
        ) : null}
        {loaded === SECRET_MASK && !masked && (
          <Button size="small" onClick={() => onChange(SECRET_MASK)} disabled={disabled}>
            {t("system.settings.payment.secretKeep")}
          </Button>
        )}
      </Space>
    </SubField>
  );
}

/** stripe: whether card payments are offered, the keys (never shown), and the API address. */
export function StripeEditor({ type, value, onChange, disabled, fieldErrors }: Props) {
  const { t } = useTranslation();
  const stripe = { ...DEFAULT_STRIPE_SETTING, ...((value as Partial<StripeSetting> | null) ?? {}) };
  const set = (patch: Partial<StripeSetting>) => onChange({ ...stripe, ...patch });
  return (
    <Space orientation="vertical" size="small" style={{ width: "100%" }}>
      <Space>
        <Switch
          checked={stripe.enabled}
          onChange={(enabled) => set({ enabled })}
          disabled={disabled}
          aria-label={t("system.settings.payment.stripeEnabled")}
          data-testid={`setting-${type.key}-enabled`}
        />
        <Typography.Text>
          {stripe.enabled
            ? t("system.settings.payment.stripeEnabled")
            : t("system.settings.payment.stripeOff")}
        </Typography.Text>
      </Space>
      <Space wrap align="start">
        <SecretField
          label={t("system.settings.payment.secretKey")}
          value={stripe.secretKey}
          onChange={(secretKey) => set({ secretKey })}
          disabled={disabled}
          error={fieldErrors.secretKey}
          testId={`setting-${type.key}-secretKey`}
        />
        <SecretField
          label={t("system.settings.payment.webhookSecret")}
          value={stripe.webhookSecret}
          onChange={(webhookSecret) => set({ webhookSecret })}
          disabled={disabled}
          error={fieldErrors.webhookSecret}
          testId={`setting-${type.key}-webhookSecret`}
        />
        <SubField
          label={t("system.settings.payment.apiBase")}
          error={fieldErrors.apiBase}
          testId={`setting-${type.key}-apiBase`}
        >
          <Input
            value={stripe.apiBase}
            maxLength={500}
            onChange={(e) => set({ apiBase: e.target.value })}
            disabled={disabled}
            placeholder="https://api.stripe.com"
            aria-label={t("system.settings.payment.apiBase")}
            style={{ width: 280 }}
          />
        </SubField>
      </Space>
      <Typography.Text type="secondary">
        {t("system.settings.payment.webhook", { url: stripeWebhookUrl() })}
      </Typography.Text>
    </Space>
  );
}
