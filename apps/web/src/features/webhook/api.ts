import type {
  Permission,
  WebhookDeliveriesResponse,
  WebhookListResponse,
  WebhookSaveRequest,
  WebhookSaveResponse,
  WebhookTestResponse,
} from "@marquee/contracts";
import { http } from "../../services/http";

/** The routes' permissions: operations are checked against the view permission. */
export const WEBHOOK_PERMISSIONS = {
  view: "sys:webhook:view",
  edit: "sys:webhook:edit",
} as const satisfies Record<string, Permission>;

/** Webhook calls (/a/api/webhook/*). Saves are silent: the dialog shows the server's words. */
export const webhookApi = {
  list: () => http.get<WebhookListResponse>("/a/api/webhook/list"),
  save: (body: WebhookSaveRequest) =>
    http.post<WebhookSaveResponse>("/a/api/webhook/save", body, { json: true, silent: true }),
  remove: (id: number) => http.post("/a/api/webhook/delete", { id }, { json: true }),
  deliveries: (q: { endpointId: number; pageNo: number; pageSize: number }) =>
    http.get<WebhookDeliveriesResponse>("/a/api/webhook/deliveries", q),
  redeliver: (id: number) => http.post("/a/api/webhook/redeliver", { id }, { json: true }),
  test: (id: number) => http.post<WebhookTestResponse>("/a/api/webhook/test", { id }, { json: true }),
};
