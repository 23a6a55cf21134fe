import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { payApi } from "./api";
import { TransferDetails } from "./BuyDialog";
import { durationText, formatMoney, nameOf, quantityText, STATE_COLORS, when } from "./format";
import { orderSteps } from "./orderText";

/** One order: what it bought, from whom, its history, and the transfer details while it waits for them. */
export function OrderDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | null;
  onClose(): void;
  /** The buttons of the order (the page's, so the drawer and the table act alike). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({
    queryKey: ["pay", "order", id],
    queryFn: () => payApi.detail(id as number),
    enabled: id !== null,
  });
  const data = id !== null ? detail.data : undefined;
  const order = data?.order;
  const lang = i18n.language;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={order ? t("pay.orders.detail.title", { no: order.no }) : ""}
      extra={actions}
      data-testid="pay-order-drawer"
    >
      {detail.isError && <Alert type="error" showIcon title={(detail.error as Error).message} />}
      {!order ? (
        !detail.isError && <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: "state",
                label: t("pay.orders.columns.state"),
                children: <Tag color={STATE_COLORS[order.state]}>{t(`pay.states.${order.state}`)}</Tag>,
              },
              { key: "buyer", label: t("pay.orders.detail.buyer"), children: order.buyerName },
              { key: "seller", label: t("pay.orders.detail.seller"), children: order.sellerName },
              {
                key: "service",
                label: t("pay.orders.detail.service"),
                children: `${nameOf(order.item.name, lang, order.item.code)} (${t(`pay.kind.${order.item.kind}`)})`,
              },
              {
                key: "grants",
                label: t("pay.orders.detail.grants"),
                children: `${quantityText(
                  {
                    ...order.item,
                    quantity:
                      order.item.kind === "storage" || order.item.kind === "terminalLicence"
                        ? order.item.quantity * order.units
                        : 1,
                  },
                  t,
                  lang,
                )} · ${durationText(order.item.durationDays, t)}`,
              },
              { key: "units", label: t("pay.orders.detail.units"), children: order.units },
              {
                key: "amount",
                label: t("pay.orders.detail.amount"),
                children: formatMoney(order.amountCents, order.currency, lang),
              },
              {
                key: "provider",
                label: t("pay.orders.detail.provider"),
                children: t(`pay.providers.${order.provider}`),
              },
              ...(order.providerRef
                ? [{ key: "ref", label: t("pay.orders.detail.providerRef"), children: order.providerRef }]
                : []),
              ...(order.invoiceNo
                ? [{ key: "invoice", label: t("pay.orders.detail.invoiceNo"), children: order.invoiceNo }]
                : []),
              ...(order.note
                ? [{ key: "note", label: t("pay.orders.detail.note"), children: order.note }]
                : []),
              ...(data.entitlement
                ? [
                    {
                      key: "entitlement",
                      label: t("pay.orders.detail.entitlement"),
                      children: (
                        <Space size={6} wrap>
                          <Tag>{t(`pay.entitlementStates.${data.entitlement.state}`)}</Tag>
                          {t("pay.orders.detail.period", {
                            from: when(data.entitlement.startsAt),
                            to: data.entitlement.endsAt ? when(data.entitlement.endsAt) : t("pay.forever"),
                          })}
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <div>
            <Typography.Title level={5}>{t("pay.orders.detail.timeline")}</Typography.Title>
            <Timeline
              data-testid="pay-order-timeline"
              items={orderSteps(order, data.events, t).map((s) => ({
                key: s.key,
                color: s.color,
                content: (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text>{s.text}</Typography.Text>
                    <Typography.Text type="secondary">{when(s.at)}</Typography.Text>
                  </Space>
                ),
              }))}
            />
          </div>
          {order.state === "pending" && order.provider === "manual" && order.role === "buyer" && (
            <div>
              <Typography.Title level={5}>{t("pay.orders.detail.transfer")}</Typography.Title>
              <TransferDetails order={order} bank={data.bankTransfer} />
            </div>
          )}
          {order.state === "pending" &&
            order.provider === "stripe" &&
            order.role === "buyer" &&
            order.payUrl && (
              <Typography.Link href={order.payUrl} target="_blank" rel="noopener">
                {t("pay.buy.openPay")}
              </Typography.Link>
            )}
        </Space>
      )}
    </Drawer>
  );
}
