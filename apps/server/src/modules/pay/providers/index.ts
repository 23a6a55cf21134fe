import type { PayProvider } from "@marquee/contracts";
import type { payOrders } from "../../../db/schema";
import type { Services } from "../../../platform/services";
import { manualProvider } from "./manual";
import { stripeProvider } from "./stripe";

export type OrderRow = typeof payOrders.$inferSelect;

/** What a provider needs to know about the call that reached it. */
export interface ProviderContext {
  services: Services;
  /** The console's origin, for the pages a provider sends the buyer back to. */
  origin: string;
  /** The buyer's language, for the provider's pages. */
  locale: string;
}

/**
 * A way to pay. `manual` (bank transfer) does nothing online: the seller's
 * administrator confirms the transfer. An online provider prepares a payment
 * page when the order is created, can abandon it, and returns the money on a
 * refund; it confirms payments itself through its signed webhook.
 */
export interface PaymentProvider {
  readonly name: PayProvider;
  /** Prepares the payment of a new pending order: the provider's reference and where the buyer pays. */
  begin(
    ctx: ProviderContext,
    order: OrderRow,
  ): Promise<{ providerRef: string | null; payUrl: string | null }>;
  /** The buyer cancelled: the payment page stops taking payments (best effort). */
  abandon(ctx: ProviderContext, order: OrderRow): Promise<void>;
  /** Gives the money back for a paid order (throws an AppError the caller sees when the provider refuses). */
  refund(ctx: ProviderContext, order: OrderRow): Promise<void>;
}

const PROVIDERS: Record<PayProvider, PaymentProvider> = {
  manual: manualProvider,
  stripe: stripeProvider,
};

export function providerOf(name: string): PaymentProvider {
  const p = PROVIDERS[name as PayProvider];
  if (!p) throw new Error(`unknown payment provider ${name}`);
  return p;
}
