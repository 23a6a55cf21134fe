import {
  type BankTransfer,
  PAY_LIMITS,
  type PayOrder,
  type PayProvider,
  type PayService,
} from "@marquee/contracts";
import {
  Alert,
  Button,
  type ButtonProps,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Space,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formErrors } from "../terminal/errors";
import { payApi } from "./api";
import { durationText, formatMoney, nameOf, quantityText, when } from "./format";

interface Values {
  units: number;
  provider: PayProvider;
  note?: string;
}
const FIELDS = ["units", "provider", "note"] as const;

/** What an order placed answers: the order, and how to pay it. */
interface Placed {
  order: PayOrder;
  payUrl: string | null;
  bankTransfer: BankTransfer | null;
}

/** The seller's bank details and the order number to quote, after a bank-transfer order. */
export function TransferDetails({ order, bank }: { order: PayOrder; bank: BankTransfer | null }) {
  const { t, i18n } = useTranslation();
  const filled = bank && (bank.accountName || bank.bank || bank.accountNumber);
  return (
    <Space orientation="vertical" style={{ width: "100%" }} data-testid="pay-transfer-details">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: "no",
            label: t("pay.buy.orderNo"),
            children: (
              <Typography.Text strong copyable data-testid="pay-order-no">
                {order.no}
              </Typography.Text>
            ),
          },
          {
            key: "amount",
            label: t("pay.buy.amount"),
            children: formatMoney(order.amountCents, order.currency, i18n.language),
          },
          ...(filled
            ? [
                { key: "accountName", label: t("pay.buy.accountName"), children: bank.accountName || "-" },
                { key: "bank", label: t("pay.buy.bank"), children: bank.bank || "-" },
                {
                  key: "accountNumber",
                  label: t("pay.buy.accountNumber"),
                  children: bank.accountNumber ? (
                    <Typography.Text copyable>{bank.accountNumber}</Typography.Text>
                  ) : (
                    "-"
                  ),
                },
              ]
            : []),
          ...(bank?.note
            ? [
                {
                  key: "note",
                  label: t("pay.buy.transferNote"),
                  children: <span style={{ whiteSpace: "pre-wrap" }}>{bank.note}</span>,
                },
              ]
            : []),
        ]}
      />
      {!filled && <Alert type="warning" showIcon title={t("pay.buy.noTransferDetails")} />}
      <Typography.Text>{t("pay.buy.quote")}</Typography.Text>
      <Typography.Text type="secondary">
        {t("pay.buy.payBefore", { time: when(order.payBefore) })}
      </Typography.Text>
    </Space>
  );
}

/**
 * Buying a service: units, payment method (bank transfer always; online only
 * when the server offers it), the total; then how to pay the order placed.
 * Mounted per service (keyed by its id), so each purchase starts afresh.
 */
export function BuyDialog({
  service,
  providers,
  onClose,
  onPlaced,
}: {
  service: PayService;
  providers: PayProvider[];
  onClose(): void;
  onPlaced(order: PayOrder): void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const units = Form.useWatch("units", form) ?? 1;
  const online = providers.includes("stripe");

  const name = nameOf(service.name, i18n.language, service.code);
  const total = service.priceCents * (Number.isInteger(units) && units > 0 ? units : 1);
  const grants = {
    ...service,
    quantity: service.kind === "storage" || service.kind === "terminalLicence" ? service.quantity * units : 1,
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setRefusal(null);
    try {
      const note = v.note?.trim();
      const res = await payApi.createOrder({
        serviceId: service.id,
        units: v.units,
        provider: v.provider,
        ...(note ? { note } : {}),
      });
      setPlaced({ order: res.order, payUrl: res.payUrl, bankTransfer: res.bankTransfer });
      onPlaced(res.order);
      // The provider's page opens at once; the dialog keeps the link in case a blocker stops it.
      if (res.order.provider === "stripe" && res.payUrl) window.open(res.payUrl, "_blank", "noopener");
    } catch (err) {
      const shown = formErrors(err, FIELDS);
      form.setFields(shown.fields);
      setRefusal(shown.general);
    } finally {
      setBusy(false);
    }
  };

  if (placed) {
    const { order } = placed;
    return (
      <Modal
        open
        title={t("pay.buy.placed", { no: order.no })}
        onCancel={onClose}
        footer={[
          <Button
            key="orders"
            onClick={() => navigate("/paymentCenter/index")}
            data-testid="pay-buy-to-orders"
          >
            {t("pay.buy.toOrders")}
          </Button>,
          <Button key="done" type="primary" onClick={onClose} data-testid="pay-buy-done">
            {t("pay.buy.done")}
          </Button>,
        ]}
      >
        {order.provider === "manual" ? (
          <Space orientation="vertical" style={{ width: "100%" }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t("pay.buy.transferTitle")}
            </Typography.Title>
            <TransferDetails order={order} bank={placed.bankTransfer} />
          </Space>
        ) : (
          <Result
            status="info"
            title={<span data-testid="pay-order-no">{order.no}</span>}
            subTitle={t("pay.buy.online")}
            extra={
              placed.payUrl ? (
                <Button
                  type="primary"
                  href={placed.payUrl}
                  target="_blank"
                  rel="noopener"
                  data-testid="pay-open-url"
                >
                  {t("pay.buy.openPay")}
                </Button>
              ) : null
            }
          />
        )}
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t("pay.buy.title", { name })}
      okText={t("pay.buy.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ "data-testid": "pay-buy-submit" } as ButtonProps}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ units: 1, provider: "manual" }}>
        <Form.Item
          name="units"
          label={t("pay.buy.units")}
          rules={[{ required: true, type: "integer", min: 1, max: PAY_LIMITS.maxUnits }]}
        >
          <InputNumber<number>
            min={1}
            max={PAY_LIMITS.maxUnits}
            precision={0}
            style={{ width: 160 }}
            data-testid="pay-buy-units"
          />
        </Form.Item>
        <Form.Item name="provider" label={t("pay.buy.provider")} rules={[{ required: true }]}>
          <Radio.Group data-testid="pay-buy-provider">
            <Radio value="manual" data-testid="pay-buy-provider-manual">
              {t("pay.providers.manual")}
            </Radio>
            {online && (
              <Radio value="stripe" data-testid="pay-buy-provider-stripe">
                {t("pay.providers.stripe")}
              </Radio>
            )}
          </Radio.Group>
        </Form.Item>
        {!online && (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {t("pay.buy.onlineUnavailable")}
          </Typography.Paragraph>
        )}
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: "grants", label: t("pay.buy.grants"), children: quantityText(grants, t, i18n.language) },
            { key: "duration", label: t("pay.duration"), children: durationText(service.durationDays, t) },
            {
              key: "total",
              label: t("pay.buy.total"),
              children: (
                <Typography.Text strong data-testid="pay-buy-total">
                  {formatMoney(total, service.currency, i18n.language)}
                </Typography.Text>
              ),
            },
          ]}
        />
        <Form.Item name="note" label={t("pay.buy.note")} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="pay-buy-note" />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="pay-buy-error" />}
    </Modal>
  );
}
