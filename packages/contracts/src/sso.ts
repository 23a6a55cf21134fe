import { z } from "zod";
import { Envelope, zId } from "./common";

/**
 * Single sign-on with OpenID Connect (issue 23), per tenant (the platform, an agent or a customer):
 * - GET  /a/api/sso/get   the caller's tenant's configuration (the client secret answered as "set" only);
 * - POST /a/api/sso/save  writes it (sys:sso:edit);
 * - POST /a/api/sso/test  runs the discovery of an issuer and answers what it found;
 * - GET  /sso/start, /sso/callback  the sign-in itself (open routes; the tenant is the host's, like the brand).
 * A refused sign-in lands on /login?ssoError=<one of SSO_ERRORS>, which the console translates.
 */
export const SSO_ERRORS = [
  "notConfigured",
  "providerError",
  "accessDenied",
  "expired",
  "invalidResponse",
  "notLinked",
  "userDisabled",
  "tenantBlocked",
  "noRole",
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** How long a started sign-in waits for the provider's answer. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

export const SsoRoleMapping = z.strictObject({
  /** A value of the role claim (a group name). */
  value: z.string().trim().min(1).max(200),
  roleId: zId,
});
export type SsoRoleMapping = z.infer<typeof SsoRoleMapping>;

const issuerUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "sso.issuerInvalid");

export const SsoConfigBody = z.strictObject({
  /** Absent: the caller's own tenant; else a tenant in the caller's data range. */
  officeId: zId.optional(),
  enabled: z.boolean(),
  /** The button's text: "Sign in with <label>". */
  label: z.string().trim().min(1).max(60),
  issuer: issuerUrl,
  clientId: z.string().trim().min(1).max(300),
  /** Absent or empty: keep the stored secret. */
  clientSecret: z.string().max(1000).optional(),
  scopes: z.string().trim().max(500).default("openid email profile"),
  /** The ID token claim whose values map to roles (e.g. "groups"); empty: none. */
  roleClaim: z.string().trim().max(100).default(""),
  roleMap: z.array(SsoRoleMapping).max(200).default([]),
  /** Unknown users are created (just in time) in jitOfficeId with jitRoleId. */
  jit: z.boolean(),
  jitOfficeId: zId.nullable().default(null),
  jitRoleId: zId.nullable().default(null),
  /** Whether the tenant's users may still sign in with a password. */
  passwordLogin: z.boolean(),
});
export type SsoConfigBody = z.infer<typeof SsoConfigBody>;

export const SsoConfigView = z.object({
  officeId: z.number(),
  enabled: z.boolean(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a secret is stored; the secret itself is never answered. */
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  roleClaim: z.string(),
  roleMap: z.array(SsoRoleMapping),
  jit: z.boolean(),
  jitOfficeId: z.number().nullable(),
  jitRoleId: z.number().nullable(),
  passwordLogin: z.boolean(),
});
export type SsoConfigView = z.infer<typeof SsoConfigView>;

export const SsoGetQuery = z.strictObject({ officeId: z.coerce.number().int().positive().optional() });

export const SsoGetResponse = Envelope.extend({
  /** null: the tenant has no configuration yet. */
  config: SsoConfigView.nullable(),
  officeId: z.number(),
  /** The address to register at the provider as the redirect URI (per host the console is reached by). */
  callbackUrl: z.string(),
  /** The tenant's roles the caller may hand out (default role, role mapping). */
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The tenant's own offices (itself and its institutions) in the caller's range: where new users go. */
  offices: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const SsoSaveResponse = Envelope.extend({ config: SsoConfigView });

export const SsoTestBody = z.strictObject({ issuer: issuerUrl });
export const SsoTestResponse = Envelope.extend({
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  scopesSupported: z.array(z.string()),
  claimsSupported: z.array(z.string()),
});

/** What the sign-in page learns of the host's tenant (in /f/common/isSysInit). */
export const SsoLoginInfo = z.object({
  label: z.string(),
  /** Whether the password form is offered. */
  passwordLogin: z.boolean(),
});
export type SsoLoginInfo = z.infer<typeof SsoLoginInfo>;
