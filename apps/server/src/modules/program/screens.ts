import { arrayOverlaps } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { terminals } from "../../db/schema";

/**
 * Tells the screens set to play these programs to fetch their manifest again
 * (a new version, another state, a deletion), so what they show follows the
 * program without waiting for their next reconnection. A failure is logged:
 * the screens catch up at their next hello.
 */
export async function syncScreens(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  programIds: number[],
): Promise<void> {
  if (!programIds.length) return;
  try {
    const rows = await app.services.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(arrayOverlaps(terminals.programIds, programIds));
    if (rows.length) await app.terminalHub.notifySync(rows.map((r) => r.id));
  } catch (err) {
    log.warn({ err, programIds }, "could not tell the screens about a program change");
  }
}
