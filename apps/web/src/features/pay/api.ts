import {
  API_PREFIX,
  type GetKeyResponse,
  type OrderActionResponse,
  type OrderCreateBody,
  type OrderCreateResponse,
  type OrderDetailResponse,
  type OrderListResponse,
  type PayOrder,
  type PayOrderState,
  type PayProvider,
  type PayServiceKind,
  type Permission,
  type VolByTypeResponse,
  type VolDeleteResponse,
  type VolListResponse,
  type VolSaveBody,
  type VolSaveResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { type Envelope, fileNameOf, HttpError, http } from "../../services/http";

/** Calls of paid services and the payment centre (contracts: pay.ts). */

/** Permissions of the two screens (packages/contracts permission catalogue). */
export const PAY_PERMISSIONS = {
  view: "pay:service:view",
  edit: "pay:service:edit",
  purchase: "pay:service:purchase",
  orders: "pay:order:view",
  confirm: "pay:order:confirm",
} as const satisfies Record<string, Permission>;

/** The order list's filters as the call takes them. */
export interface OrderQuery {
  role?: "buyer" | "seller";
  state?: PayOrderState;
  provider?: PayProvider;
  kind?: PayServiceKind;
  keyword?: string;
  beginTime?: string;
  endTime?: string;
}

export interface CatalogueQuery {
  kind?: PayServiceKind;
  keyword?: string;
  enabled?: boolean;
}

export const payApi = {
  /** The services of one kind the caller's tenant may buy, and what it has of that kind. */
  byType: (kind: PayServiceKind) => http.get<VolByTypeResponse>("/a/api/vol/getVolMsgByType", { kind }),
  /** The seller's own catalogue, disabled services included. */
  catalogue: (q: CatalogueQuery, pageNo: number, pageSize: number) =>
    http.get<VolListResponse>("/a/api/vol/volList", {
      ...q,
      mine: 1,
      pageNo,
      pageSize,
    }),
  /** Field errors are the form's to show. */
  save: (body: VolSaveBody) =>
    http.post<z.infer<typeof VolSaveResponse>>("/a/api/vol/save", body, { json: true, silent: true }),
  remove: (id: number) =>
    http.post<z.infer<typeof VolDeleteResponse>>("/a/api/vol/delete", { id }, { json: true }),

  /** Field errors are the dialog's to show. */
  createOrder: (body: OrderCreateBody) =>
    http.post<OrderCreateResponse>("/a/api/payOrder/create", body, {
      json: true,
      silent: true,
    }),
  orders: (q: OrderQuery, pageNo: number, pageSize: number) =>
    http.get<OrderListResponse>("/a/api/payOrder/list", {
      ...q,
      pageNo,
      pageSize,
    }),
  detail: (id: number) => http.get<OrderDetailResponse>("/a/api/payOrder/detail", { id }),
  cancel: (id: number) =>
    http.post<z.infer<typeof OrderActionResponse>>("/a/api/payOrder/cancel", { id }, { json: true }),
  confirm: (id: number, note?: string) =>
    http.post<z.infer<typeof OrderActionResponse>>("/a/api/payOrder/confirm", note ? { id, note } : { id }, {
      json: true,
    }),
  refund: (id: number, note?: string) =>
    http.post<z.infer<typeof OrderActionResponse>>("/a/api/payOrder/refund", note ? { id, note } : { id }, {
      json: true,
    }),
};

/** The public setting paymentSwitchOpenTime ("" or an ISO date-time), quietly: the sign-in does not fail on it. */
export async function paymentSwitchSetting(): Promise<unknown> {
  const res = await http.get<z.infer<typeof GetKeyResponse>>(
    "/a/api/sysSetting/getKey",
    { keyList: "paymentSwitchOpenTime" },
    { silent: true },
  );
  return res.jsonObject.paymentSwitchOpenTime;
}

/**
 * Fetches the invoice PDF of an order and hands it to the browser as a
 * download. Answers the file name; a refusal throws with the server's message.
 */
export async function downloadInvoice(order: Pick<PayOrder, "id" | "no">): Promise<string> {
  const res = await fetch(`${API_PREFIX}/a/api/payOrder/invoice?id=${order.id}`, {
    credentials: "include",
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  if (!res.ok) {
    let answer: Envelope | null = null;
    try {
      answer = (await res.json()) as Envelope;
    } catch {
      answer = null;
    }
    throw new HttpError(answer?.msg || `${res.status} ${res.statusText}`, res.status, answer);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get("content-disposition")) ?? `invoice-${order.no}.pdf`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download; the address is no longer needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
