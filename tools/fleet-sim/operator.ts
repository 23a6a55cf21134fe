import { AUTH_COOKIE } from "@marquee/contracts";
import { API_PREFIX } from "@marquee/terminal-protocol";
import pg from "pg";
import { encryptForLogin } from "../../apps/server/src/platform/login-key";

/**
 * The operator's side, for demos and measurements: sign in through the real
 * API (the password RSA-encrypted like the console does) and authorise
 * pending screens by their enrolment codes or send them commands; or, for
 * tests and benchmarks, authorise the simulator's rows directly in the
 * database.
 */

const TIMEOUT_MS = 30_000;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A signed-in operator session on a server. */
export class Operator {
  private constructor(
    private readonly server: string,
    private readonly cookie: string,
  ) {}

  /** Signs in with getPublishKey and /a/login, as the console does. */
  static async signIn(server: string, username: string, password: string): Promise<Operator> {
    const origin = new URL(server).origin;
    const keyRes = await fetch(`${origin}${API_PREFIX}/f/common/getPublishKey`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const keyText = await keyRes.text();
    const key = jsonOrUndefined(keyText);
    if (keyRes.status !== 200 || !isRecord(key))
      throw new Error(`getPublishKey answered ${keyRes.status}: ${keyText.slice(0, 300)}`);
    const pub = key.publicKeyJson;
    let sent = password;
    if (key.landingEncryption === true) {
      if (!isRecord(pub) || typeof pub.exponent !== "string" || typeof pub.modulus !== "string") {
        throw new Error("getPublishKey answered no public key");
      }
      sent = encryptForLogin({ exponent: pub.exponent, modulus: pub.modulus }, password);
    }
    const res = await fetch(`${origin}${API_PREFIX}/a/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", origin },
      body: JSON.stringify({ username, password: sent }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`sign-in of ${username} answered ${res.status}: ${text.slice(0, 300)}`);
    const prefix = `${AUTH_COOKIE}=`;
    const token = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(prefix))
      ?.slice(prefix.length)
      .split(";")[0];
    if (!token) throw new Error(`sign-in of ${username} set no session cookie`);
    return new Operator(origin, `${prefix}${token}`);
  }

  /** A call of the operator API as a raw response (a file download, a stream). */
  fetch(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.server}${API_PREFIX}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        "x-requested-with": "XMLHttpRequest",
        origin: this.server,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A call of the operator API; throws unless it answers 200 with code 0. */
  async call(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.server}${API_PREFIX}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        "x-requested-with": "XMLHttpRequest",
        origin: this.server,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    const answer = jsonOrUndefined(text);
    if (res.status !== 200 || !isRecord(answer) || answer.code !== 0) {
      throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    return answer;
  }

  /** The operator's own office (where authorised screens go unless told otherwise). */
  async officeId(): Promise<number> {
    const info = await this.call("GET", "/a/api/user/getUserInfo");
    const id = isRecord(info.user) ? info.user.officeId : undefined;
    if (typeof id !== "number") throw new Error("getUserInfo answered no office");
    return id;
  }

  /** POST /a/api/terminal/authorize: claims the pending screen showing `enrolCode`. */
  async authorize(enrolCode: string, officeId: number, groupId?: number): Promise<void> {
    await this.call("POST", "/a/api/terminal/authorize", {
      enrolCode,
      officeId,
      ...(groupId === undefined ? {} : { groupId }),
    });
  }

  /** POST /a/api/terminal/command: one command to up to 1,000 terminals; answers their outcomes. */
  async command(ids: number[], name: string, args: Record<string, unknown> = {}): Promise<unknown[]> {
    const answer = await this.call("POST", "/a/api/terminal/command", { ids, name, args });
    return Array.isArray(answer.list) ? answer.list : [];
  }

  /** GET /a/api/terminal/commandResults: the outcomes of these commands now (ask at most ~500 ids a call). */
  async results(commandIds: string[]): Promise<unknown[]> {
    const answer = await this.call("GET", `/a/api/terminal/commandResults?ids=${commandIds.join(",")}`);
    return Array.isArray(answer.list) ? answer.list : [];
  }
}

/**
 * Authorises the simulator's pending terminals (device ids starting with
 * `sim-<prefix>-`) in one UPDATE, in their current office or `officeId`;
 * answers how many rows changed. The server is not told: the terminals learn
 * it when they connect again.
 */
export async function authoriseInDatabase(
  databaseUrl: string,
  prefix: string,
  officeId?: number,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const start = `sim-${prefix}-`;
    const r = await client.query(
      `update terminals
          set state = 'authorised', office_id = coalesce($2::int, office_id),
              authorised_at = now(), updated_at = now()
        where state = 'pending' and left(device_id, length($1)) = $1`,
      [start, officeId ?? null],
    );
    return r.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The JSON value of an answer's text; undefined when it is not JSON (a balancer's HTML error page). */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
