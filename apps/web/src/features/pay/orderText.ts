import type { OrderDetailResponse, PayOrder } from "@marquee/contracts";
import type { TFunction } from "i18next";

/** One step of an order's history. */
export interface OrderStep {
  key: string;
  at: string;
  text: string;
  color: "blue" | "green" | "red" | "gray" | "orange" | "purple";
}

/**
 * The history of an order, oldest first: created, paid (or the transfer
 * confirmed), applied, refunded, cancelled or expired, and the provider's
 * notifications; a pending order ends with the moment it must be paid by.
 */
export function orderSteps(
  order: PayOrder,
  events: OrderDetailResponse["events"],
  t: TFunction,
): OrderStep[] {
  const steps: OrderStep[] = [
    {
      key: "created",
      at: order.createdAt,
      text: t("pay.orders.detail.created", { name: order.createdByName ?? "-" }),
      color: "blue",
    },
  ];
  if (order.paidAt)
    steps.push({
      key: "paid",
      at: order.paidAt,
      text: order.confirmedByName
        ? t("pay.orders.detail.confirmedBy", { name: order.confirmedByName })
        : t("pay.orders.detail.paid"),
      color: "green",
    });
  if (order.appliedAt)
    steps.push({ key: "applied", at: order.appliedAt, text: t("pay.orders.detail.applied"), color: "green" });
  if (order.refundedAt)
    steps.push({
      key: "refunded",
      at: order.refundedAt,
      text: t("pay.orders.detail.refundedAt"),
      color: "purple",
    });
  if (order.cancelledAt)
    steps.push({
      key: "cancelled",
      at: order.cancelledAt,
      text: t("pay.orders.detail.cancelledAt"),
      color: "gray",
    });
  if (order.state === "expired")
    steps.push({ key: "expired", at: order.payBefore, text: t("pay.orders.detail.expiredAt"), color: "red" });
  for (const e of events)
    steps.push({
      key: `event-${e.id}`,
      at: e.receivedAt,
      text: t("pay.orders.detail.event", { type: e.type }),
      color: "gray",
    });
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (order.state === "pending")
    steps.push({
      key: "payBefore",
      at: order.payBefore,
      text: t("pay.orders.detail.payBefore"),
      color: "orange",
    });
  return steps;
}
