import { API_PREFIX, RegisterResponse, TERMINAL_PATHS } from "@marquee/terminal-protocol";
import { KEYS, type KeyValue } from "./storage";

/**
 * Who this screen is: a device id it makes once and keeps, a short model
 * name, and the registration that turns them into a token.
 */

/** A new device id: 16 random bytes as 32 hex digits (the protocol takes [A-Za-z0-9_-]{8,64}). */
export function newDeviceId(fill: (bytes: Uint8Array) => Uint8Array): string {
  return [...fill(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The kept device id, made and kept on the first call. */
export function deviceIdOf(kv: KeyValue, fill: (bytes: Uint8Array) => Uint8Array): string {
  const kept = kv.get(KEYS.deviceId);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const id = newDeviceId(fill);
  kv.set(KEYS.deviceId, id);
  return id;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/(?:Chrome|Chromium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\w+ )?Safari/, "Safari"],
];
const SYSTEMS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/(?:iPhone|iPad|iPod).*? OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/CrOS/, () => "ChromeOS"],
  [/Tizen ?(\d+(?:\.\d+)?)?/, (m) => (m[1] ? `Tizen ${m[1]}` : "Tizen")],
  [/Web0S|webOS/, () => "webOS"],
  [/Windows NT/, () => "Windows"],
  [/Mac OS X/, () => "macOS"],
  [/Linux/, () => "Linux"],
];

/** A readable model from a user agent ("Chrome 130 / Android 13 WebView"), at most 100 characters. */
export function shortModel(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return "unknown";
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = ua.match(re);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let system: string | null = null;
  for (const [re, name] of SYSTEMS) {
    const m = ua.match(re);
    if (m) {
      system = name(m);
      break;
    }
  }
  const webView = /; wv\)/.test(ua) ? " WebView" : "";
  const parts = [browser, system ? `${system}${webView}` : null].filter((p): p is string => p !== null);
  return (parts.length ? parts.join(" / ") : ua).slice(0, 100);
}

/** Why registration failed, in words for the status line. */
export class RegisterFailed extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server was not reached. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** What the screen tells the server about itself when it registers. */
export interface RegisterInput {
  deviceId: string;
  model: string;
  version: string;
  resolution: { width: number; height: number };
  name?: string;
}

/** POST /t/register: answers the token, the terminal id, its state and the enrolment code. */
export async function register(
  fetchFn: typeof fetch,
  origin: string,
  input: RegisterInput,
): Promise<RegisterResponse> {
  let res: Response;
  try {
    res = await fetchFn(new URL(API_PREFIX + TERMINAL_PATHS.register, origin), {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify(input),
    });
  } catch (e) {
    throw new RegisterFailed(`unreachable: ${e instanceof Error ? e.message : String(e)}`, 0);
  }
  const body: unknown = await res.json().catch(() => null);
  const parsed = RegisterResponse.safeParse(body);
  if (!res.ok || !parsed.success || parsed.data.code !== 0) {
    const msg =
      body && typeof body === "object" && "msg" in body && typeof body.msg === "string"
        ? body.msg
        : `HTTP ${res.status}`;
    throw new RegisterFailed(`registration refused: ${msg}`, res.status);
  }
  return parsed.data;
}
