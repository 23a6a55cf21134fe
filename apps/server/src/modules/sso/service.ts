import { createHash, randomBytes } from "node:crypto";
import { SSO_FLOW_TTL_MS, type SsoConfigView, type SsoError, type SsoLoginInfo } from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import { hostLabel, type OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { checkIssuer, client, discover, reasonOf } from "./oidc";
import {
  configOf,
  createSsoUser,
  emailTaken,
  holdsAllPermissions,
  insertFlow,
  insertLink,
  linkedUser,
  type SsoConfigRow,
  syncMappedRoles,
  takeFlow,
  takenNames,
  tenantRoleIds,
  touchLink,
  type UserRow,
  userByEmail,
} from "./repo";

/** A sign-in refused: where the console's sign-in page is sent, with the reason it translates. */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoError,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

export const CALLBACK_PATH = "/apm-web/sso/callback";

/** The address of the callback for the host the console is reached by (the redirect URI at the provider). */
export const callbackUrl = (req: FastifyRequest) => `${req.protocol}://${req.host}${CALLBACK_PATH}`;

export const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

/**
 * The tenant a host belongs to: the agent or customer whose second-level domain it names (the rule the
 * brand and password sign-in use), else the platform.
 */
export async function hostTenant(
  services: Services,
  host: string | undefined,
): Promise<OfficeNode | undefined> {
  const label = hostLabel(host);
  const own = label ? await services.tree.byDomain(label) : undefined;
  if (own) return own;
  return services.tree.root();
}

/** The configuration as the console sees it: the secret only as "set". */
export function configView(row: SsoConfigRow): SsoConfigView {
  return {
    officeId: row.officeId,
    enabled: row.enabled,
    label: row.label,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== "",
    scopes: row.scopes,
    roleClaim: row.roleClaim,
    roleMap: row.roleMap,
    jit: row.jit,
    jitOfficeId: row.jitOfficeId,
    jitRoleId: row.jitRoleId,
    passwordLogin: row.passwordLogin,
  };
}

/** What the sign-in page of a host offers: null when its tenant has no single sign-on on. */
export async function loginInfo(services: Services, host: string | undefined): Promise<SsoLoginInfo | null> {
  const tenant = await hostTenant(services, host);
  const cfg = tenant ? await configOf(services.db, tenant.id) : undefined;
  if (!cfg?.enabled) return null;
  return { label: cfg.label, passwordLogin: cfg.passwordLogin };
}

/**
 * Whether a user's password sign-in is refused: their tenant has single sign-on on with password sign-in
 * off. Never for a holder of the platform's "every permission" role (the installation's administrator,
 * made by sysInit or `npm run admin:create`): turning passwords off cannot lock the platform out.
 * Answers the label of the button to use instead.
 */
export async function passwordRefused(services: Services, user: UserRow): Promise<string | null> {
  const tenant = await services.tree.tenantOf(user.officeId);
  if (!tenant) return null;
  const cfg = await configOf(services.db, tenant.id);
  if (!cfg?.enabled || cfg.passwordLogin) return null;
  if (tenant.type === "platform" && (await holdsAllPermissions(services.db, user.id))) return null;
  return cfg.label;
}

/** The tenant's live configuration and its discovered provider, or a refusal. */
async function providerOf(services: Services, tenantId: number) {
  const cfg = await configOf(services.db, tenantId);
  if (!cfg?.enabled) throw new SsoRefusal("notConfigured");
  try {
    const at = await checkIssuer(services.settings, cfg.issuer);
    return { cfg, config: await discover(cfg, at) };
  } catch (err) {
    throw new SsoRefusal("providerError", reasonOf(err));
  }
}

/** Starts a sign-in at the host's tenant's provider: the address to send the browser to. */
export async function startSignIn(services: Services, req: FastifyRequest): Promise<string> {
  const tenant = await hostTenant(services, req.host);
  if (!tenant) throw new SsoRefusal("notConfigured");
  const { cfg, config } = await providerOf(services, tenant.id);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const redirectUri = callbackUrl(req);
  const now = services.clock.now();
  await insertFlow(
    services.db,
    {
      stateHash: hashState(state),
      officeId: tenant.id,
      codeVerifier,
      nonce,
      redirectUri,
      expiresAt: new Date(now.getTime() + SSO_FLOW_TTL_MS),
    },
    now,
  );
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: cfg.scopes.includes("openid") ? cfg.scopes : `openid ${cfg.scopes}`.trim(),
      response_type: "code",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    })
    .toString();
}

/** The claim's values as strings (a list, or one value). */
function claimValues(claims: Record<string, unknown>, name: string): string[] {
  if (!name) return [];
  const v = claims[name];
  if (Array.isArray(v)) return v.map(String);
  return v === undefined || v === null ? [] : [String(v)];
}

/** A free user name from the claims: preferred_username, the mail's local part, or sso-<subject>. */
async function freeUsername(services: Services, claims: Record<string, unknown>, subject: string) {
  const email = typeof claims.email === "string" ? claims.email : "";
  const base =
    (typeof claims.preferred_username === "string" && claims.preferred_username) ||
    email.split("@")[0] ||
    `sso-${subject}`;
  const clean = base.replace(/[^\p{L}\p{N}._@-]/gu, "").slice(0, 48) || `sso-${subject.slice(0, 40)}`;
  const candidates = [clean, ...Array.from({ length: 20 }, (_, i) => `${clean}-${i + 2}`)];
  const taken = await takenNames(
    services.db,
    candidates.map((c) => c.toLowerCase()),
  );
  const free = candidates.find((c) => !taken.has(c.toLowerCase()));
  return free ?? `${clean}-${randomBytes(4).toString("hex")}`;
}

export interface SignedIn {
  user: UserRow;
  tenantId: number;
  created: boolean;
  linked: "subject" | "email" | "created";
}

/**
 * Finishes a sign-in: the state taken (once, within 10 minutes, from the tenant of this host), the code
 * exchanged with the PKCE verifier, the ID token verified by openid-client (signature with the provider's
 * keys, issuer, audience, expiry, nonce); then the user of this tenant linked to (issuer, subject), or one
 * of its users with the provider's verified mail address (linked then), or one created just in time.
 */
export async function finishSignIn(services: Services, req: FastifyRequest): Promise<SignedIn> {
  const query = req.query as Record<string, string | undefined>;
  if (!query.state) throw new SsoRefusal("invalidResponse", "no state");
  const flow = await takeFlow(services.db, hashState(query.state));
  const now = services.clock.now();
  if (!flow || flow.expiresAt.getTime() <= now.getTime()) throw new SsoRefusal("expired");
  const tenant = await hostTenant(services, req.host);
  // A sign-in started at another tenant's host never finishes here.
  if (tenant?.id !== flow.officeId) throw new SsoRefusal("invalidResponse", "tenant mismatch");
  if (query.error) {
    throw new SsoRefusal(query.error === "access_denied" ? "accessDenied" : "providerError", query.error);
  }
  const { cfg, config } = await providerOf(services, flow.officeId);
  const current = new URL(flow.redirectUri);
  current.search = new URL(req.url, "http://x").search;
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: query.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch (err) {
    throw new SsoRefusal("invalidResponse", reasonOf(err));
  }
  const issuer = String(claims.iss ?? "");
  const subject = String(claims.sub ?? "");
  if (!issuer || !subject) throw new SsoRefusal("invalidResponse", "no iss or sub");
  const tenantOffices = await services.tree.officesOfTenant(flow.officeId);

  // The mapped roles the claim asks for, and all the mapping decides (roles deleted since are skipped).
  const values = new Set(claimValues(claims, cfg.roleClaim));
  const mappedIds = await tenantRoleIds(services.db, flow.officeId, [
    ...new Set(cfg.roleMap.map((m) => m.roleId)),
  ]);
  const claimed = cfg.roleMap
    .filter((m) => values.has(m.value) && mappedIds.includes(m.roleId))
    .map((m) => m.roleId);
  // At each sign-in the provider's groups decide the mapped roles of a known user again (a group removed
  // at the provider takes its role away); other roles stay as they were given.
  const known = async (user: UserRow) => {
    if (cfg.roleClaim && (await syncMappedRoles(services.db, user.id, mappedIds, [...new Set(claimed)])))
      services.actors.invalidate(user.id);
  };

  const linked = await linkedUser(services.db, flow.officeId, issuer, subject);
  if (linked && tenantOffices.includes(linked.officeId)) {
    await touchLink(services.db, flow.officeId, issuer, subject, now);
    await known(linked);
    return { user: linked, tenantId: flow.officeId, created: false, linked: "subject" };
  }
  if (linked) throw new SsoRefusal("notLinked", "linked user left the tenant");

  // A mail address links only when the provider says it verified it, and only to a user of this tenant.
  const email = typeof claims.email === "string" ? claims.email : null;
  if (email && claims.email_verified === true) {
    const byMail = await userByEmail(services.db, tenantOffices, email);
    if (byMail) {
      await insertLink(services.db, { officeId: flow.officeId, userId: byMail.id, issuer, subject, at: now });
      await known(byMail);
      return { user: byMail, tenantId: flow.officeId, created: false, linked: "email" };
    }
  }

  if (!cfg.jit || cfg.jitOfficeId === null || cfg.jitRoleId === null) throw new SsoRefusal("notLinked");
  if (!tenantOffices.includes(cfg.jitOfficeId)) throw new SsoRefusal("notLinked", "jit office outside");
  const wanted = [cfg.jitRoleId, ...claimed];
  // Roles deleted since the configuration was saved are skipped; with none left, nobody is created.
  const roleIds = await tenantRoleIds(services.db, flow.officeId, [...new Set(wanted)]);
  if (!roleIds.length) throw new SsoRefusal("noRole");
  const name =
    (typeof claims.name === "string" && claims.name.slice(0, 64)) ||
    (typeof claims.preferred_username === "string" && claims.preferred_username.slice(0, 64)) ||
    email ||
    subject.slice(0, 64);
  const user = await createSsoUser(services.db, {
    tenantId: flow.officeId,
    officeId: cfg.jitOfficeId,
    username: await freeUsername(services, claims, subject),
    name,
    // A mail address held by another user (of any tenant) is not copied: addresses are unique.
    email: email && claims.email_verified === true && !(await emailTaken(services.db, email)) ? email : null,
    roleIds,
    issuer,
    subject,
    at: now,
  });
  return { user, tenantId: flow.officeId, created: true, linked: "created" };
}
