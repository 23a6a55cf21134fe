import { createHash } from "node:crypto";
import { isIP } from "node:net";
import * as client from "openid-client";
import { FieldErrors } from "../../platform/errors";
import type { SettingsService } from "../../platform/settings";

/** Whether a host name is a loopback or private address (written as such: names are not resolved). */
export function privateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (isIP(host) === 6) return host === "::1" || /^f[cd]/.test(host);
  return false;
}

/**
 * Refuses an issuer the server may not talk to: https always; plain http only on a loopback or private
 * address and only while the platform's setting ssoAllowHttp is on. Answers the parsed address.
 */
export async function checkIssuer(settings: SettingsService, issuer: string, field = "issuer"): Promise<URL> {
  const url = new URL(issuer);
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && privateHost(url.hostname) && (await settings.get("ssoAllowHttp")))
    return url;
  throw new FieldErrors([{ field, key: "sso.httpsRequired" }]);
}

/** What a discovery is for: one tenant's client. */
export interface ClientSpec {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovered providers are kept this long per (issuer, client, secret), so a sign-in needs no discovery. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_TIMEOUT_S = 10;
const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/**
 * The provider of a client, discovered from `<issuer>/.well-known/openid-configuration` (the document's
 * issuer must equal the configured one: openid-client checks it) and kept 10 minutes. The client
 * authenticates with client_secret_post; ID tokens are verified with the provider's keys (its jwks_uri).
 * Call checkIssuer first.
 */
export function discover(spec: ClientSpec, url: URL): Promise<client.Configuration> {
  const key = createHash("sha256")
    .update(`${spec.issuer}\n${spec.clientId}\n${spec.clientSecret}`)
    .digest("base64url");
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = client.discovery(url, spec.clientId, undefined, client.ClientSecretPost(spec.clientSecret), {
    timeout: DISCOVERY_TIMEOUT_S,
    // The ID token's signature is checked against the provider's published keys (openid-client skips it by
    // default for tokens read straight from the token endpoint; we want it whatever the transport).
    execute: [
      client.enableNonRepudiationChecks,
      ...(url.protocol === "http:" ? [client.allowInsecureRequests] : []),
    ],
  });
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in asks again.
  config.catch(() => cache.delete(key));
  return config;
}

/** A provider's error without anything secret: its message (openid-client never puts the secret in one). */
export const reasonOf = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 300);

export { client };
