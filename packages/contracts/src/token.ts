import { z } from "zod";
import { Envelope, zId } from "./common";
import { isPermission, PERMISSIONS } from "./permissions";
import { DATA_RANGES } from "./user";

/**
 * API tokens: keys for scripts and other systems to the /a/* calls (`Authorization: Bearer mqt_…`), with a
 * subset of their owner's permissions and data range. The secret is answered once, by `token/save`.
 * - POST list    the caller's own tokens (never a secret);
 * - POST save    a new token: name, days to live, and optionally fewer permissions or a narrower range;
 * - POST revoke  ends a token at once.
 */
export const API_TOKEN_PREFIX = "mqt_";
/** The longest life of a token, in days. */
export const API_TOKEN_MAX_DAYS = 366;
/** Calls one token may make a minute (per server process); more answer 429. */
export const API_TOKEN_RATE_PER_MINUTE = 600;
/** A user holds at most this many live tokens. */
export const API_TOKEN_MAX_PER_USER = 50;

export const API_TOKEN_STATES = ["active", "expired", "revoked"] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

export const ApiTokenSaveRequest = z.strictObject({
  name: z.string().trim().min(1).max(64),
  expiresInDays: z.coerce.number().int().min(1).max(API_TOKEN_MAX_DAYS),
  /** Absent: every permission the owner holds (now and later). Each must be held by the caller. */
  permissions: z
    .array(z.string().max(100).refine(isPermission, "role.permissionUnknown"))
    .max(PERMISSIONS.length)
    .optional(),
  /** Absent: the owner's range. `own`: own rows only; `offices`: these offices (inside the owner's range). */
  dataRange: z.enum(DATA_RANGES).optional(),
  dataOffices: z.array(zId).max(1000).optional(),
});
export type ApiTokenSaveRequest = z.infer<typeof ApiTokenSaveRequest>;

export const ApiTokenItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(["personal", "service"]),
  /** The secret's first characters (`mqt_ab12…`), to tell tokens apart. */
  hint: z.string(),
  permissions: z.array(z.string()).nullable(),
  dataRange: z.enum(DATA_RANGES).nullable(),
  dataOffices: z.array(z.number()),
  state: z.enum(API_TOKEN_STATES),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiTokenItem = z.infer<typeof ApiTokenItem>;

export const ApiTokenListResponse = Envelope.extend({ list: z.array(ApiTokenItem) });
export type ApiTokenListResponse = z.infer<typeof ApiTokenListResponse>;
/** The new token, and its secret: shown once, never again. */
export const ApiTokenSaveResponse = Envelope.extend({ token: z.string(), item: ApiTokenItem });
export type ApiTokenSaveResponse = z.infer<typeof ApiTokenSaveResponse>;
export const ApiTokenRevokeRequest = z.strictObject({ id: zId });
