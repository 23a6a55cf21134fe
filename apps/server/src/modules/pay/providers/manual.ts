import type { PaymentProvider } from "./index";

/**
 * Bank transfer: always available, offline. The buyer transfers the amount
 * quoting the order number; the seller's administrator confirms it by hand
 * (payOrder/confirm) and, on a refund, transfers the money back by hand.
 */
export const manualProvider: PaymentProvider = {
  name: "manual",
  async begin() {
    return { providerRef: null, payUrl: null };
  },
  async abandon() {},
  async refund() {},
};
