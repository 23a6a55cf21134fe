import {
  API_TOKEN_MAX_PER_USER,
  type ApiTokenItem,
  ApiTokenListResponse,
  ApiTokenRevokeRequest,
  ApiTokenSaveRequest,
  ApiTokenSaveResponse,
  type ApiTokenState,
  OkResponse,
  type Permission,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { type Actor, can, rangeNarrowingRefused } from "../../platform/actor";
import { newApiTokenSecret } from "../../platform/api-token";
import { AppError, FieldErrors } from "../../platform/errors";
import type { OfficeTree } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { type ApiTokenRow, insertToken, liveTokenCount, ownTokens, revokeOwnToken } from "./repo";

const DAY_MS = 86_400_000;

function stateOf(row: ApiTokenRow, now: Date): ApiTokenState {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

export function tokenOut(row: ApiTokenRow, now: Date): ApiTokenItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    hint: row.hint,
    permissions: row.permissions,
    dataRange: row.dataRange,
    dataOffices: row.dataOffices,
    state: stateOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a new token may hold, checked against its owner: never a permission they lack, never a range wider
 * than theirs. Answers the offices to store for an `offices` range.
 */
async function checkGrant(actor: Actor, body: ApiTokenSaveRequest, tree: OfficeTree): Promise<number[]> {
  for (const p of body.permissions ?? [])
    if (!can(actor, p as Permission)) throw new AppError(403, "auth.forbidden", { permission: p });
  const offices = [...new Set(body.dataOffices ?? [])];
  const refused = await rangeNarrowingRefused(actor, body.dataRange, offices, tree);
  if (refused) throw new FieldErrors([refused]);
  return body.dataRange === "offices" ? offices : [];
}

/**
 * Makes a token of `owner` (the maker themselves, or a service account), made by `maker`: at most the
 * owner's rights, at most API_TOKEN_MAX_PER_USER live ones per owner. Answers the secret (once) and the row.
 */
export async function mintToken(
  services: Services,
  owner: Actor,
  maker: Actor,
  kind: ApiTokenRow["kind"],
  body: ApiTokenSaveRequest,
): Promise<{ secret: string; row: ApiTokenRow }> {
  const { db, clock } = services;
  const dataOffices = await checkGrant(owner, body, services.tree);
  const now = clock.now();
  if ((await liveTokenCount(db, owner.userId, now)) >= API_TOKEN_MAX_PER_USER)
    throw new AppError(409, "token.tooMany", { max: API_TOKEN_MAX_PER_USER });
  const { secret, hash, hint } = newApiTokenSecret();
  const row = await insertToken(db, {
    officeId: owner.officeId,
    userId: owner.userId,
    kind,
    name: body.name,
    tokenHash: hash,
    hint,
    permissions: body.permissions ? [...new Set(body.permissions)] : null,
    dataRange: body.dataRange ?? null,
    dataOffices,
    expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    createdBy: maker.userId,
    createdAt: now,
  });
  return { secret, row };
}

/**
 * API tokens of the caller (personal centre): list, make (the secret answered once) and revoke. Making and
 * revoking need a console session: a token cannot make another or outlive its revocation by renewing itself.
 */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, clock } = services;
  const tags = ["token"];

  const list = async (actor: Actor) => {
    const now = clock.now();
    return { list: (await ownTokens(db, actor)).map((r) => tokenOut(r, now)) };
  };
  app.get(
    "/a/api/token/list",
    {
      config: { access: { signedIn: true } },
      schema: { tags, response: { 200: ApiTokenListResponse } },
    },
    async (req) => list(actorOf(req)),
  );
  app.post(
    "/a/api/token/list",
    {
      config: { access: { signedIn: true }, audit: false },
      schema: { tags, response: { 200: ApiTokenListResponse } },
    },
    async (req) => list(actorOf(req)),
  );

  app.post(
    "/a/api/token/save",
    {
      config: { access: { signedIn: true }, action: "tokenSave", sessionOnly: true },
      schema: { tags, body: ApiTokenSaveRequest, response: { 200: ApiTokenSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { secret, row } = await mintToken(services, actor, actor, "personal", req.body);
      req.audit.target = `token:${row.id}`;
      req.audit.detail = { name: row.name, expiresAt: row.expiresAt.toISOString() };
      return { token: secret, item: tokenOut(row, clock.now()) };
    },
  );

  app.post(
    "/a/api/token/revoke",
    {
      config: { access: { signedIn: true }, action: "tokenRevoke", sessionOnly: true },
      schema: { tags, body: ApiTokenRevokeRequest, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `token:${id}`;
      const row = await revokeOwnToken(db, actor, id, clock.now());
      if (!row) throw new AppError(404, "token.notFound", { id });
      services.apiTokens.forget(id);
      return {};
    },
  );
};
