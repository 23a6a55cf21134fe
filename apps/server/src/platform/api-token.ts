import { randomBytes } from "node:crypto";
import { API_PREFIX, API_TOKEN_PREFIX, API_TOKEN_RATE_PER_MINUTE } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { apiTokens } from "../db/schema";
import { type ActorCache, type Narrowing, narrowedActor } from "./actor";
import type { Clock } from "./deps";
import { AppError } from "./errors";
import type { OfficeTree } from "./office-tree";
import { hashToken } from "./session";

/** What a call needs of a token to act: whose rights, and how much of them (a narrowing of its owner's). */
export interface ApiTokenGrant extends Narrowing {
  id: number;
  name: string;
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A new token's secret (shown once), the hash kept of it, and the hint shown in lists. */
export function newApiTokenSecret(): { secret: string; hash: string; hint: string } {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashToken(secret), hint: `${secret.slice(0, API_TOKEN_PREFIX.length + 6)}…` };
}

/** The bearer secret of an `Authorization` header, when it names an API token. */
export function bearerApiToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const secret = m?.[1];
  if (!secret?.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return null;
  return secret;
}

/**
 * Calls per token and minute, counted in this process: a window opens at a token's first call and holds
 * `perMinute` calls; enough to stop a runaway script from starving the console, without a database write
 * per call.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<number, { start: number; calls: number }>();

  constructor(
    private readonly perMinute = API_TOKEN_RATE_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call; answers the seconds to wait when the token is over its limit, else 0. */
  take(tokenId: number): number {
    const now = this.now();
    let w = this.windows.get(tokenId);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size >= 100_000) this.windows.clear();
      w = { start: now, calls: 0 };
      this.windows.set(tokenId, w);
    }
    w.calls++;
    return w.calls > this.perMinute ? Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)) : 0;
  }
}

/** A token is re-read from the database at most this often per process; a revoke here takes effect at once. */
export const API_TOKEN_CACHE_MS = 5_000;
/** Its last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;

interface CachedGrant {
  grant: ApiTokenGrant | null;
  readAt: number;
  usedAt: number;
}

/**
 * The tokens callers present: found by the hash of the secret, kept in memory for API_TOKEN_CACHE_MS (so a
 * script's burst does not read its token on every call), with the last use written once a minute.
 */
export class ApiTokenStore {
  private readonly cache = new Map<string, CachedGrant>();

  constructor(private readonly db: Db) {}

  /** The live grant of a secret's hash, or null (unknown, revoked or expired). */
  async find(hash: string, now: Date, ip: string): Promise<ApiTokenGrant | null> {
    let entry = this.cache.get(hash);
    if (!entry || Date.now() - entry.readAt >= API_TOKEN_CACHE_MS) {
      const [row] = await this.db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          userId: apiTokens.userId,
          permissions: apiTokens.permissions,
          dataRange: apiTokens.dataRange,
          dataOffices: apiTokens.dataOffices,
          expiresAt: apiTokens.expiresAt,
          revokedAt: apiTokens.revokedAt,
        })
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, hash));
      if (this.cache.size >= 100_000) this.cache.clear();
      entry = { grant: row ?? null, readAt: Date.now(), usedAt: entry?.usedAt ?? 0 };
      this.cache.set(hash, entry);
    }
    const grant = entry.grant;
    if (!grant || grant.revokedAt !== null || grant.expiresAt.getTime() <= now.getTime()) return null;
    if (Date.now() - entry.usedAt >= LAST_USED_EVERY_MS) {
      entry.usedAt = Date.now();
      await this.db
        .update(apiTokens)
        .set({ lastUsedAt: now, lastUsedIp: ip })
        .where(eq(apiTokens.id, grant.id));
    }
    return grant;
  }

  /** Forgets a token here at once (after a revoke); other processes re-read it within API_TOKEN_CACHE_MS. */
  forget(tokenId: number): void {
    for (const [hash, entry] of this.cache) if (entry.grant?.id === tokenId) this.cache.delete(hash);
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The API token this call was made with (its bearer secret), or null for a console session. */
    apiToken: { id: number; name: string } | null;
  }
}

/**
 * Reads `Authorization: Bearer mqt_…` on the signed-in calls (/a/*) into `req.actor`: the token's owner
 * cut down to the token (tokenActor), in place of any cookie. An unknown, revoked or expired token leaves
 * no actor, so the call answers 401 like one without a session. Calls beyond the token's rate answer 429.
 * The owner's actor is cut down at every call, so a permission the owner loses, or a narrower range, is
 * lost by the token at once: a token never holds more than its owner.
 * Terminals' calls (/t/*) never read it: a terminal authenticates with its own token there.
 */
export const apiTokenPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { tokens: ApiTokenStore; actors: ActorCache; tree: OfficeTree; clock: Clock },
  ) => {
    const limiter = new TokenRateLimiter();
    const signedInPrefix = `${API_PREFIX}/a/`;
    app.decorateRequest("apiToken", null);
    app.addHook("onRequest", async (req) => {
      req.apiToken = null;
      if (!req.url.startsWith(signedInPrefix)) return;
      const secret = bearerApiToken(req.headers.authorization);
      if (!secret) return;
      // The bearer decides who calls: a cookie beside it is ignored.
      req.actor = null;
      req.sessionHash = null;
      const grant = await opts.tokens.find(hashToken(secret), opts.clock.now(), req.ip);
      if (!grant) return;
      const wait = limiter.take(grant.id);
      if (wait > 0) throw new AppError(429, "common.tooManyRequests", { seconds: wait });
      const owner = await opts.actors.get(grant.userId);
      if (!owner) return;
      req.actor = await narrowedActor(owner, grant, opts.tree);
      req.apiToken = { id: grant.id, name: grant.name };
    });
  },
  { name: "api-token", dependencies: ["session"] },
);
