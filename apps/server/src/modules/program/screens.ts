import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { syncContent } from "../content/sync";

/**
 * Tells the screens that play these programs (set to them, or through a
 * publication of them or of a plan naming them) to fetch their manifest again.
 */
export async function syncScreens(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  programIds: number[],
): Promise<void> {
  await syncContent(app, log, "program", programIds);
}
