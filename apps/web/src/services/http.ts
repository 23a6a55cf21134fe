import { API_PREFIX, REQUEST_TIMEOUT_MS } from "@marquee/contracts";
import i18n from "../locales";
import { logoutReason, noteAnswer } from "./sessionExpiry";

/** What the console shows and where it goes: set by the app shell (antd's App context, the router). */
export interface HttpHost {
  toast(kind: "error" | "warning" | "info", text: string): void;
  /** The server ended the session: the session-expired page (spec §8, "logout" answer). */
  goLogout(): void;
  /** The session cookie ran out: sign-in with the expired warning (spec §8, missing login cookie). */
  sessionExpired(): void;
}
let host: HttpHost = {
  toast: () => undefined,
  goLogout: () => {
    window.location.assign("/logout");
  },
  sessionExpired: () => {
    window.location.assign("/login");
  },
};
export function setHttpHost(h: HttpHost): void {
  host = h;
}

/** Calls exempt from the expired-session notice (spec §5). */
const LOGIN_CALLS = [
  "/a/login",
  "/a/seniorValidation",
  "/a/api/user/loginSendVerificationCode",
  "/a/api/user/sendVerificationCode",
  "/f/common/getPublishKey",
  "/a/api/user/modifyPassword",
];

export interface Envelope {
  code: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * A page of a list, as the contracts' pageOf answers it: `{ list, total, pageNo, pageSize }`. Only for
 * calls generic over the row (the review lists every kind of content shares); a call of one list names
 * its contracts response type.
 */
export interface Page<T> extends Envelope {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** A failed call: its HTTP status and the server's answer, when there was one. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(message);
  }
  /** Field errors of a 400 answer. */
  get fieldErrors(): Array<{ field: string; message: string }> {
    const errors = this.body?.errors;
    return Array.isArray(errors) ? (errors as Array<{ field: string; message: string }>) : [];
  }
}

type Params = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  /** Send the body as JSON (the spec's JSON variant); form-encoded otherwise. */
  json?: boolean;
  /** Do not toast failures: the caller shows them (forms). */
  silent?: boolean;
}

const clean = (p: Params) =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

async function request<T extends Envelope>(
  method: "GET" | "POST",
  path: string,
  data: Params | unknown = {},
  opts: RequestOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = {
    "X-Requested-With": "XMLHttpRequest",
    Accept: "application/json",
  };
  let url = `${API_PREFIX}${path}`;
  let body: string | undefined;
  if (method === "GET") {
    const qs = new URLSearchParams(clean(data as Params)).toString();
    if (qs) url += `?${qs}`;
  } else if (opts.json) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(data);
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(clean(data as Params)).toString();
  }
  const exempt = LOGIN_CALLS.includes(path);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: "include", signal: controller.signal });
  } catch {
    const text = controller.signal.aborted ? i18n.t("http.timeout") : i18n.t("http.network");
    if (!opts.silent) host.toast("error", text);
    throw new HttpError(text, 0, null);
  } finally {
    clearTimeout(timer);
  }
  let payload: Envelope | null = null;
  try {
    payload = (await res.json()) as Envelope;
  } catch {
    payload = null;
  }
  if (payload?.msg === "logout") {
    if (logoutReason() === "expired") host.sessionExpired();
    else {
      if (!exempt) host.toast("info", i18n.t("http.signOut"));
      host.goLogout();
    }
    throw new HttpError("logout", res.status, payload);
  }
  // Any other answer pushed the session cookie two hours on.
  noteAnswer();
  if (res.status === 401 || payload?.code === 401) {
    if (!opts.silent) host.toast("error", i18n.t("http.noPermission"));
    throw new HttpError(payload?.msg ?? "401", 401, payload);
  }
  if (res.status === 403 || payload?.code === 403) {
    if (!opts.silent) host.toast("error", i18n.t("http.denied"));
    throw new HttpError(payload?.msg ?? "403", 403, payload);
  }
  if (!res.ok || !payload || payload.code !== 0) {
    const text = payload?.msg || `${res.status} ${res.statusText}`;
    if (!opts.silent) host.toast("error", text);
    throw new HttpError(text, res.status, payload);
  }
  return payload as T;
}

export const http = {
  get: <T extends Envelope = Envelope>(path: string, params?: Params, opts?: RequestOptions) =>
    request<T>("GET", path, params, opts),
  post: <T extends Envelope = Envelope>(path: string, data?: Params | unknown, opts?: RequestOptions) =>
    request<T>("POST", path, data, opts),
};

/** The file name of a Content-Disposition header. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * POSTs `body` as JSON to an export call (a path under the API prefix) and hands the file it answers to
 * the browser as a download. Answers the file name (the server's, else `fallbackName`); a refusal
 * throws an HttpError with the server's message.
 */
export async function downloadPost(path: string, body: unknown, fallbackName: string): Promise<string> {
  const res = await fetch(`${API_PREFIX}${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify(body),
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
  const name = fileNameOf(res.headers.get("content-disposition")) ?? fallbackName;
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
