import {
  LOCALES,
  type Locale,
  PAY_KINDS_WITH_DURATION,
  PAY_LIMITS,
  PAY_SERVICE_KINDS,
  type PayService,
  type PayServiceKind,
  type VolSaveBody,
} from "@marquee/contracts";
import { WIDGET_TYPES } from "@marquee/program";
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Tabs } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENCIES, currencyLabel } from "../../editor/panels/options";
import { formErrors } from "../terminal/errors";
import { payApi } from "./api";
import { STORAGE_UNITS, type StorageUnit, splitBytes } from "./format";

/** The fields of the service editor. */
export interface ServiceFormValues {
  code: string;
  kind: PayServiceKind;
  name: Partial<Record<Locale, string>>;
  description: Partial<Record<Locale, string>>;
  /** Storage: in `storageUnit`; terminals: a count; widget and support: 1. */
  amount: number;
  storageUnit: StorageUnit;
  widgetType?: string | null;
  /** Price of one unit in the currency's major unit (12.50). */
  price: number;
  currency: string;
  forever: boolean;
  durationDays?: number | null;
  enabled: boolean;
  sort: number;
}

export const EMPTY_SERVICE: ServiceFormValues = {
  code: "",
  kind: "storage",
  name: {},
  description: {},
  amount: 10,
  storageUnit: "GB",
  widgetType: null,
  price: 10,
  currency: "EUR",
  forever: false,
  durationDays: 365,
  enabled: true,
  sort: 0,
};

/** A stored service in the editor. */
export function toServiceForm(s: PayService): ServiceFormValues {
  const storage = s.kind === "storage" ? splitBytes(s.quantity) : null;
  return {
    code: s.code,
    kind: s.kind,
    name: { ...s.name },
    description: { ...s.description },
    amount: storage ? storage.amount : s.quantity,
    storageUnit: storage ? storage.unit : "GB",
    widgetType: s.widgetType,
    price: s.priceCents / 100,
    currency: s.currency,
    forever: s.durationDays === null,
    durationDays: s.durationDays,
    enabled: s.enabled,
    sort: s.sort,
  };
}

/** Whether a kind may be sold for good (licences and support always last a number of days). */
export const mayBeForever = (kind: PayServiceKind) => !PAY_KINDS_WITH_DURATION.includes(kind);
/** Whether the quantity of a kind is fixed at one (a widget type, a support period). */
export const fixedQuantity = (kind: PayServiceKind) => kind === "widget" || kind === "support";

/** The body of vol/save: empty texts left out, the quantity in the kind's unit, the price in cents. */
export function toSaveBody(v: ServiceFormValues, id?: number): VolSaveBody {
  const texts = (m: Partial<Record<Locale, string>>) =>
    Object.fromEntries(
      LOCALES.flatMap((l) => {
        const s = m[l]?.trim();
        return s ? [[l, s]] : [];
      }),
    );
  const quantity = fixedQuantity(v.kind)
    ? 1
    : v.kind === "storage"
      ? Math.round(v.amount * STORAGE_UNITS[v.storageUnit])
      : Math.round(v.amount);
  const forever = v.forever && mayBeForever(v.kind);
  return {
    ...(id !== undefined ? { id } : {}),
    code: v.code.trim(),
    kind: v.kind,
    name: texts(v.name),
    description: texts(v.description),
    quantity,
    widgetType: v.kind === "widget" ? (v.widgetType ?? null) : null,
    priceCents: Math.round(v.price * 100),
    currency: v.currency,
    durationDays: forever ? null : (v.durationDays ?? null),
    enabled: v.enabled,
    sort: v.sort,
  };
}

/** The server's field names, as the form names them. */
const SERVER_FIELDS: Record<string, string | string[]> = {
  code: "code",
  kind: "kind",
  name: ["name", "en"],
  quantity: "amount",
  widgetType: "widgetType",
  priceCents: "price",
  currency: "currency",
  durationDays: "durationDays",
  enabled: "enabled",
  sort: "sort",
  ...Object.fromEntries(LOCALES.map((l) => [`name.${l}`, ["name", l]])),
  ...Object.fromEntries(LOCALES.map((l) => [`description.${l}`, ["description", l]])),
};

/** The seller's editor of one service of its catalogue: names in the six languages, kind, quantity, price, duration. */
export function ServiceDrawer({
  target,
  onClose,
  onSaved,
}: {
  /** A service to edit, "new" for a new one, null: closed. */
  target: PayService | "new" | null;
  onClose(): void;
  onSaved(s: PayService): void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ServiceFormValues>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = Form.useWatch("kind", form) ?? "storage";
  const forever = Form.useWatch("forever", form) ?? false;
  const editing = target !== null && target !== "new" ? target : null;

  useEffect(() => {
    if (target === null) return;
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue(target === "new" ? EMPTY_SERVICE : toServiceForm(target));
  }, [target, form]);

  const currencies = useMemo(
    () =>
      [...new Set([...CURRENCIES, ...(editing ? [editing.currency] : [])])].map((c) => ({
        value: c,
        label: currencyLabel(c, i18n.language),
      })),
    [editing, i18n.language],
  );

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const res = await payApi.save(toSaveBody(v, editing?.id));
      onSaved(res.service);
    } catch (err) {
      const shown = formErrors(err, Object.keys(SERVER_FIELDS));
      form.setFields(shown.fields.map((f) => ({ name: SERVER_FIELDS[f.name] as never, errors: f.errors })));
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  const nameRequired = {
    validator: async () => {
      const names = (form.getFieldValue("name") ?? {}) as Record<string, string | undefined>;
      if (!Object.values(names).some((n) => n?.trim())) throw new Error(t("pay.catalogue.fields.nameHint"));
    },
  };

  return (
    <Drawer
      open={target !== null}
      title={editing ? t("pay.catalogue.titleEdit", { code: editing.code }) : t("pay.catalogue.titleNew")}
      size={560}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void submit()}
            data-testid="pay-service-save"
          >
            {t("common.save")}
          </Button>
        </Space>
      }
    >
      <Form<ServiceFormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY_SERVICE}
        data-testid="pay-service-form"
      >
        <Space wrap align="start">
          <Form.Item
            name="code"
            label={t("pay.catalogue.fields.code")}
            tooltip={t("pay.catalogue.fields.codeHint")}
            rules={[
              {
                required: true,
                pattern: /^[A-Za-z0-9_.-]{1,40}$/,
                message: t("pay.catalogue.fields.codeHint"),
              },
            ]}
          >
            <Input maxLength={40} style={{ width: 200 }} data-testid="pay-service-code" />
          </Form.Item>
          <Form.Item name="kind" label={t("pay.catalogue.fields.kind")} rules={[{ required: true }]}>
            <Select<PayServiceKind>
              style={{ width: 220 }}
              options={PAY_SERVICE_KINDS.map((k) => ({ value: k, label: t(`pay.kind.${k}`) }))}
              onChange={(k) => {
                if (fixedQuantity(k)) form.setFieldValue("amount", 1);
                if (!mayBeForever(k)) form.setFieldValue("forever", false);
              }}
              data-testid="pay-service-kind"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t("pay.catalogue.fields.name")} extra={t("pay.catalogue.fields.nameHint")} required>
          <Tabs
            size="small"
            items={LOCALES.map((l) => ({
              key: l,
              label: t(`common.languages.${l}`),
              forceRender: true,
              children: (
                <Space orientation="vertical" style={{ width: "100%" }}>
                  <Form.Item
                    name={["name", l]}
                    style={{ marginBottom: 8 }}
                    rules={[nameRequired]}
                    dependencies={LOCALES.filter((o) => o !== l).map((o) => ["name", o])}
                  >
                    <Input
                      maxLength={200}
                      placeholder={t("pay.catalogue.fields.name")}
                      aria-label={`${t("pay.catalogue.fields.name")} (${l})`}
                      data-testid={`pay-service-name-${l}`}
                    />
                  </Form.Item>
                  <Form.Item name={["description", l]} style={{ marginBottom: 0 }}>
                    <Input.TextArea
                      rows={3}
                      maxLength={2000}
                      placeholder={t("pay.catalogue.fields.description")}
                      aria-label={`${t("pay.catalogue.fields.description")} (${l})`}
                    />
                  </Form.Item>
                </Space>
              ),
            }))}
          />
        </Form.Item>
        {kind === "widget" && (
          <Form.Item
            name="widgetType"
            label={t("pay.catalogue.fields.widgetType")}
            rules={[{ required: true }]}
          >
            <Select<string>
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: "label" }}
              options={WIDGET_TYPES.map((w) => ({ value: w, label: t(`widget.types.${w}`) }))}
              data-testid="pay-service-widget"
            />
          </Form.Item>
        )}
        {!fixedQuantity(kind) && (
          <Form.Item label={t("pay.catalogue.fields.quantity")} required>
            <Space.Compact>
              <Form.Item
                name="amount"
                noStyle
                rules={[
                  {
                    required: true,
                    type: "number",
                    min: kind === "storage" ? 0.01 : 1,
                    max: kind === "storage" ? PAY_LIMITS.maxStorageBytes : PAY_LIMITS.maxTerminals,
                  },
                ]}
              >
                <InputNumber<number>
                  min={kind === "storage" ? 0.01 : 1}
                  precision={kind === "storage" ? 2 : 0}
                  style={{ width: 160 }}
                  data-testid="pay-service-quantity"
                />
              </Form.Item>
              {kind === "storage" ? (
                <Form.Item name="storageUnit" noStyle>
                  <Select<StorageUnit>
                    style={{ width: 90 }}
                    options={Object.keys(STORAGE_UNITS).map((u) => ({ value: u, label: u }))}
                    data-testid="pay-service-unit"
                  />
                </Form.Item>
              ) : (
                <Space.Addon>{t("pay.catalogue.fields.terminalsUnit")}</Space.Addon>
              )}
            </Space.Compact>
          </Form.Item>
        )}
        <Space wrap align="start">
          <Form.Item
            name="price"
            label={t("pay.catalogue.fields.price")}
            rules={[{ required: true, type: "number", min: 0.01, max: PAY_LIMITS.maxPriceCents / 100 }]}
          >
            <InputNumber<number>
              min={0.01}
              max={PAY_LIMITS.maxPriceCents / 100}
              precision={2}
              style={{ width: 160 }}
              data-testid="pay-service-price"
            />
          </Form.Item>
          <Form.Item name="currency" label={t("pay.catalogue.fields.currency")} rules={[{ required: true }]}>
            <Select<string>
              style={{ width: 240 }}
              showSearch={{ optionFilterProp: "label" }}
              options={currencies}
              data-testid="pay-service-currency"
            />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          {mayBeForever(kind) && (
            <Form.Item name="forever" label={t("pay.catalogue.fields.forever")} valuePropName="checked">
              <Switch data-testid="pay-service-forever" />
            </Form.Item>
          )}
          {!(forever && mayBeForever(kind)) && (
            <Form.Item
              name="durationDays"
              label={t("pay.catalogue.fields.duration")}
              rules={[{ required: true, type: "integer", min: 1, max: PAY_LIMITS.maxDurationDays }]}
            >
              <InputNumber<number>
                min={1}
                max={PAY_LIMITS.maxDurationDays}
                precision={0}
                suffix={t("pay.catalogue.fields.durationDays")}
                style={{ width: 160 }}
                data-testid="pay-service-duration"
              />
            </Form.Item>
          )}
        </Space>
        <Space wrap align="start">
          <Form.Item name="enabled" label={t("pay.catalogue.fields.enabled")} valuePropName="checked">
            <Switch data-testid="pay-service-enabled" />
          </Form.Item>
          <Form.Item name="sort" label={t("pay.catalogue.fields.sort")} rules={[{ type: "integer", min: 0 }]}>
            <InputNumber<number> min={0} max={1_000_000} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Space>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="pay-service-error" />}
    </Drawer>
  );
}
