import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/** A person at the test provider: the claims its ID tokens carry. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  groups?: string[];
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  issuer: string;
  /** The account the next interaction signs in (the API tests' fixed login, no form). */
  account: TestAccount;
  /**
   * A man in the middle: when set, the ID token of each code exchange is decoded, changed by this function
   * and signed again with the provider's own key (`otherKey`: with a key the provider never published).
   */
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  otherKey: boolean;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, a certified implementation) on 127.0.0.1 and a free port. With
 * `form: false` its interaction signs `account` in at once and grants the requested scopes (the API
 * tests); with `form: true` it shows oidc-provider's own login and consent pages (the browser test).
 */
export async function startTestProvider(
  clients: TestClient[],
  opts: { form?: boolean; issuerOverride?: (port: number) => string } = {},
): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const state: {
    account: TestAccount;
    tamper: TestProvider["tamper"];
    otherKey: boolean;
  } = { account: { sub: "nobody" }, tamper: null, otherKey: false };
  // The provider's signing key is ours, so that a test can sign a changed ID token as the provider would.
  const kid = "marquee-test-key";
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = opts.issuerOverride?.(port) ?? `http://127.0.0.1:${port}`;
  const config: Configuration = {
    clients: clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: "client_secret_post",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username"],
      groups: ["groups"],
    },
    // Every claim of the account goes into the ID token (not only to the userinfo endpoint).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const a = accounts.get(sub) ?? (sub === state.account.sub ? state.account : undefined);
      if (!a) return undefined;
      return { accountId: sub, claims: async () => ({ ...a }) };
    },
    features: { devInteractions: { enabled: opts.form === true } },
    pkce: { required: () => true },
    cookies: { keys: ["marquee-test-provider"] },
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] },
  };
  const provider = new Provider(issuer, config);
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (state.tamper && req.method === "POST" && req.url?.startsWith("/token")) {
      const key = state.otherKey ? stranger : privateKey;
      rewriteIdToken(res, (claims) => (state.tamper ? state.tamper(claims) : claims), key, kid);
    }
    if (!opts.form && req.url?.startsWith("/interaction/")) {
      try {
        const details = await provider.interactionDetails(req, res);
        const account = state.account;
        accounts.set(account.sub, account);
        const grant = new provider.Grant({
          accountId: account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
      return;
    }
    callback(req, res);
  });
  return {
    issuer,
    get account() {
      return state.account;
    },
    set account(a: TestAccount) {
      state.account = a;
      accounts.set(a.sub, a);
    },
    get tamper() {
      return state.tamper;
    },
    set tamper(fn: TestProvider["tamper"]) {
      state.tamper = fn;
    },
    get otherKey() {
      return state.otherKey;
    },
    set otherKey(v: boolean) {
      state.otherKey = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's way through the provider: follows its redirects with its cookies until `stopAt` is reached. */
export async function throughProvider(start: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let i = 0; i < 20; i++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      redirect: "manual",
      headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {},
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const next = res.headers.get("location");
    if (!next) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(next, url).toString();
  }
  throw new Error("too many redirects at the provider");
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** Catches the token endpoint's answer and replaces its ID token by `change`'s claims, signed with `key`. */
function rewriteIdToken(
  res: ServerResponse,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
  key: KeyObject,
  kid: string,
) {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res) as (body?: Buffer) => ServerResponse;
  res.write = ((chunk: Buffer | string) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: Buffer | string) => {
    if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
    let body = Buffer.concat(chunks);
    try {
      const answer = JSON.parse(body.toString()) as { id_token?: string };
      if (answer.id_token) {
        const [, payload = ""] = answer.id_token.split(".");
        const claims = change(JSON.parse(Buffer.from(payload, "base64url").toString()));
        const input = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(claims)}`;
        const signature = sign(
          "sha256",
          Buffer.from(input),
          createPrivateKey(key.export({ format: "pem", type: "pkcs8" })),
        ).toString("base64url");
        answer.id_token = `${input}.${signature}`;
        body = Buffer.from(JSON.stringify(answer));
      }
    } catch {
      // Not JSON (an error page): passed on as it is.
    }
    if (!res.headersSent) res.setHeader("content-length", body.length);
    return end(body);
  }) as typeof res.end;
}
