import { createHash } from "node:crypto";
import * as client from "openid-client";
import { addressRefusal, hostAddresses, hostRefusal, isPrivateAddress } from "../../platform/address";
import { FieldErrors } from "../../platform/errors";
import type { SettingsService } from "../../platform/settings";

/** Where a provider lives: its issuer's address, and whether loopback and private addresses may be reached. */
export interface IssuerAddress {
  url: URL;
  allowPrivate: boolean;
}

/**
 * Refuses an issuer the server may not talk to. Never a link-local or metadata address (169.254.169.254);
 * a loopback or private one (a provider inside the company's network) only while the platform's setting
 * ssoAllowHttp is on, and plain http only there; https everywhere else. The host is resolved: a name
 * that points inside the network counts as inside.
 */
export async function checkIssuer(
  settings: SettingsService,
  issuer: string,
  field = "issuer",
): Promise<IssuerAddress> {
  const url = new URL(issuer);
  const allowPrivate = (await settings.get("ssoAllowHttp")) === true;
  const httpsRequired = () => new FieldErrors([{ field, key: "sso.httpsRequired" }]);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate)) throw httpsRequired();
  let addresses: string[];
  try {
    addresses = await hostAddresses(url);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? reasonOf(err);
    throw new FieldErrors([{ field, key: "sso.discoveryFailed", values: { issuer, reason } }]);
  }
  if (addresses.some((a) => addressRefusal(a, allowPrivate) !== null))
    throw new FieldErrors([{ field, key: "sso.addressRefused", values: { issuer } }]);
  if (url.protocol === "http:" && !addresses.every(isPrivateAddress)) throw httpsRequired();
  return { url, allowPrivate };
}

/**
 * fetch for openid-client that checks each address it is sent to (the discovery document names the token
 * and key endpoints, which may point anywhere): the issuer's own rule, for every request.
 */
function checkedFetch(allowPrivate: boolean): client.CustomFetch {
  return async (url, options) => {
    const refused = await hostRefusal(new URL(url), allowPrivate);
    if (refused) throw new Error(`refused: ${refused}`);
    return fetch(url, options as RequestInit);
  };
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
export function discover(
  spec: ClientSpec,
  { url, allowPrivate }: IssuerAddress,
): Promise<client.Configuration> {
  const key = createHash("sha256")
    .update(`${spec.issuer}\n${spec.clientId}\n${spec.clientSecret}\n${allowPrivate}`)
    .digest("base64url");
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = client.discovery(url, spec.clientId, undefined, client.ClientSecretPost(spec.clientSecret), {
    timeout: DISCOVERY_TIMEOUT_S,
    [client.customFetch]: checkedFetch(allowPrivate),
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
