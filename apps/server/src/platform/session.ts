import { createHash, randomBytes } from "node:crypto";
import { AUTH_COOKIE, SESSION_TTL_MS } from "@marquee/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import type { Actor, ActorCache } from "./actor";
import type { Clock } from "./deps";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    actor: Actor | null;
    /** SHA-256 of the session token of this request, when it carried a live one. */
    sessionHash: string | null;
  }
}

/** The server writes a session's new expiry at most this often; the cookie is pushed on every answer. */
export const SESSION_WRITE_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

function cookieOptions(req: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: req.protocol === "https",
    maxAge: maxAgeSeconds,
  };
}

/** A new session's cookie (sign-in): it replaces the push of the session the request came with, if any. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.removeHeader("set-cookie");
  reply.setCookie(AUTH_COOKIE, token, cookieOptions(req, SESSION_TTL_MS / 1000));
}

/** The session cookie cleared (sign-out, a dead session): it replaces the push of the request's session. */
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.removeHeader("set-cookie");
  reply.clearCookie(AUTH_COOKIE, cookieOptions(req, 0));
}

/**
 * What this process works out once per session token it saw lately: the token's hash, and the Set-Cookie
 * line that pushes the session 2 hours on, per scheme. The line is the same text on every answer of a
 * session (Max-Age, not a date), so it is written once and set as the answer's only direct Set-Cookie
 * header (setSessionCookie and clearSessionCookie drop it when they replace it).
 */
interface SeenToken {
  hash: string;
  push?: string;
  securePush?: string;
}
const seenTokens = new Map<string, SeenToken>();
const SEEN_TOKENS_MAX = 10_000;

function seenToken(token: string): SeenToken {
  let seen = seenTokens.get(token);
  if (seen === undefined) {
    seen = { hash: hashToken(token) };
    if (seenTokens.size >= SEEN_TOKENS_MAX) seenTokens.clear();
    seenTokens.set(token, seen);
  }
  return seen;
}

function pushSessionCookie(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  seen: SeenToken,
) {
  const secure = req.protocol === "https";
  let line = secure ? seen.securePush : seen.push;
  if (line === undefined) {
    line = app.serializeCookie(AUTH_COOKIE, token, cookieOptions(req, SESSION_TTL_MS / 1000));
    if (secure) seen.securePush = line;
    else seen.push = line;
  }
  reply.header("set-cookie", line);
}

/** A session is re-read from the database at most this often per process; ending one clears it here at once. */
export const SESSION_CACHE_MS = 5_000;

interface CachedSession {
  userId: number;
  expiresAt: number;
  readAt: number;
}

/**
 * Sessions: create, end, end all others of a user. A live session is kept in
 * memory for SESSION_CACHE_MS, so a busy console does not read its session
 * row on every call; an end in this process takes effect at once, in another
 * process within that time.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, ip: string, userAgent: string | undefined): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(this.clock.now().getTime() + SESSION_TTL_MS),
      createdAt: this.clock.now(),
      ip,
      userAgent: userAgent?.slice(0, 500),
    });
    return token;
  }

  async end(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends every session of the user except `keepHash` (after a password change). */
  async endOthers(userId: number, keepHash: string | null): Promise<void> {
    for (const [hash, entry] of this.cache)
      if (entry.userId === userId && hash !== keepHash) this.cache.delete(hash);
    await this.db
      .delete(sessions)
      .where(
        keepHash
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash))
          : eq(sessions.userId, userId),
      );
  }

  /** The user of a live session, pushing its expiry on (written at most once a minute). */
  async touch(tokenHash: string): Promise<number | null> {
    const now = this.clock.now().getTime();
    let entry = this.cache.get(tokenHash);
    if (!entry || Date.now() - entry.readAt >= SESSION_CACHE_MS) {
      const [row] = await this.db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash));
      if (!row) {
        this.cache.delete(tokenHash);
        return null;
      }
      if (this.cache.size >= 100_000) this.cache.clear();
      entry = { userId: row.userId, expiresAt: row.expiresAt.getTime(), readAt: Date.now() };
      this.cache.set(tokenHash, entry);
    }
    if (entry.expiresAt <= now) {
      this.cache.delete(tokenHash);
      return null;
    }
    if (entry.expiresAt - now < SESSION_TTL_MS - SESSION_WRITE_EVERY_MS) {
      entry.expiresAt = now + SESSION_TTL_MS;
      await this.db
        .update(sessions)
        .set({ expiresAt: new Date(entry.expiresAt) })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    return entry.userId;
  }
}

/** Reads the Authorization cookie into `req.actor`; every authenticated answer pushes the cookie 2 hours on. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { store: SessionStore; actors: ActorCache }) => {
    app.decorateRequest("actor", null);
    app.decorateRequest("sessionHash", null);
    app.addHook("onRequest", async (req, reply) => {
      const token = req.cookies[AUTH_COOKIE];
      if (!token || token.length > 200) return;
      const seen = seenToken(token);
      const hash = seen.hash;
      const userId = await opts.store.touch(hash);
      const actor = userId === null ? null : await opts.actors.get(userId);
      if (!actor) {
        clearSessionCookie(req, reply);
        return;
      }
      req.actor = actor;
      req.sessionHash = hash;
      pushSessionCookie(app, req, reply, token, seen);
    });
  },
  { name: "session" },
);
