import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { terminals } from "../db/schema";
import { AppError } from "../platform/errors";
import { snapshotColumns, type TerminalSnapshot } from "./connection";
import { hashToken } from "./token";
import type { TerminalTokens } from "./token-cache";

/** The terminal a token belongs to (by its hash), or null. */
export async function terminalByToken(db: Db, token: string): Promise<TerminalSnapshot | null> {
  if (!token || token.length > 512) return null;
  const [row] = await db
    .select(snapshotColumns)
    .from(terminals)
    .where(eq(terminals.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The token of `Authorization: Bearer <token>`, if the request carries one. */
export function bearerOf(req: FastifyRequest): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i.exec(String(req.headers.authorization ?? ""));
  return m?.[1] ?? null;
}

/**
 * The terminal calling a /t/* route by its bearer token: 401 for an unknown
 * or revoked token, 403 when it is not authorised (pending or disabled) and
 * `authorised` is asked. Sessions and cookies play no part here. With
 * `tokens` the terminal may come from that cache (see TerminalTokens).
 */
export async function requireTerminal(
  db: Db,
  req: FastifyRequest,
  opts: { authorised: boolean; tokens?: TerminalTokens },
): Promise<TerminalSnapshot> {
  const token = bearerOf(req);
  const terminal = token
    ? await (opts.tokens ? opts.tokens.lookup(token) : terminalByToken(db, token))
    : null;
  if (!terminal) throw new AppError(401, "gateway.tokenInvalid");
  if (opts.authorised && terminal.state !== "authorised") {
    throw new AppError(403, "gateway.notAuthorised", { state: terminal.state });
  }
  return terminal;
}
