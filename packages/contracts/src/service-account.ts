import { z } from "zod";
import { Envelope, Paging, zId } from "./common";
import { isPermission, PERMISSIONS } from "./permissions";
import { ApiTokenItem, ApiTokenSaveRequest } from "./token";
import { DATA_RANGES } from "./user";

/**
 * Service accounts: a tenant's non-human principals, managed in user management with
 * `sys:serviceAccount:manage`. One never signs in; it acts only through its API tokens (kind "service"),
 * with the permissions and data range an administrator gave it (a subset of theirs, fixed on the account).
 * - GET  /a/api/serviceAccount/list         the accounts of the caller's range (paged);
 * - POST /a/api/serviceAccount/save         make or change one;
 * - POST /a/api/serviceAccount/delete       delete one (its tokens go with it);
 * - GET  /a/api/serviceAccount/tokenList    its tokens (never a secret);
 * - POST /a/api/serviceAccount/tokenSave    a new token of it (the secret answered once);
 * - POST /a/api/serviceAccount/tokenRevoke  ends one of its tokens at once.
 */
export const ServiceAccountListQuery = Paging.extend({
  /** This institution and everything below it. */
  officeId: zId.optional(),
  /** Part of the name or the generated user name. */
  keyword: z.string().trim().max(100).optional(),
}).strict();
export type ServiceAccountListQuery = z.infer<typeof ServiceAccountListQuery>;

export const ServiceAccountRow = z.object({
  id: z.number(),
  /** Generated (`svc_…`): what the audit trail shows beside the name. */
  username: z.string(),
  name: z.string(),
  officeId: z.number(),
  officeName: z.string(),
  permissions: z.array(z.string()),
  dataRange: z.enum(DATA_RANGES),
  dataOffices: z.array(z.number()),
  enabled: z.boolean(),
  remarks: z.string().nullable(),
  /** Live tokens (not revoked, not expired). */
  liveTokens: z.number(),
  /** The latest use of any of its tokens. */
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceAccountRow = z.infer<typeof ServiceAccountRow>;

export const ServiceAccountListResponse = Envelope.extend({
  list: z.array(ServiceAccountRow),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type ServiceAccountListResponse = z.infer<typeof ServiceAccountListResponse>;

/** A new account needs name, officeId and permissions; an edit (`id`) changes what it names. */
export const ServiceAccountSaveRequest = z.strictObject({
  id: zId.optional(),
  name: z.string().trim().min(1).max(64).optional(),
  officeId: zId.optional(),
  /** Each held by the caller and holdable in the account's tenant. */
  permissions: z
    .array(z.string().max(100).refine(isPermission, "role.permissionUnknown"))
    .min(1)
    .max(PERMISSIONS.length)
    .optional(),
  dataRange: z.enum(DATA_RANGES).optional(),
  dataOffices: z.array(zId).max(1000).optional(),
  enabled: z.boolean().optional(),
  remarks: z.string().trim().max(255).nullable().optional(),
});
export type ServiceAccountSaveRequest = z.infer<typeof ServiceAccountSaveRequest>;
export const ServiceAccountSaveResponse = Envelope.extend({ id: z.number() });

export const ServiceAccountIdRequest = z.strictObject({ id: zId });
export const ServiceAccountTokenListQuery = z.strictObject({ serviceAccountId: zId });
export const ServiceAccountTokenListResponse = Envelope.extend({ list: z.array(ApiTokenItem) });
/** A token of the account: a subset of the account's permissions and range (ApiTokenSaveRequest). */
export const ServiceAccountTokenSaveRequest = ApiTokenSaveRequest.extend({ serviceAccountId: zId });
export type ServiceAccountTokenSaveRequest = z.infer<typeof ServiceAccountTokenSaveRequest>;
export const ServiceAccountTokenRevokeRequest = z.strictObject({ serviceAccountId: zId, id: zId });
