import type { PublicationKind } from "@marquee/contracts";
import { and, arrayOverlaps, eq, inArray, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { playPlans, publications, terminals } from "../../db/schema";
import type { Services } from "../../platform/services";

/**
 * Tells the screens that hold this content to fetch their manifest again (a
 * new version, another state, a deletion): those reached by an active
 * publication of it, and, for programs, those set to play it directly or
 * through a published plan that names it. A failure is logged: screens catch
 * up at their next hello.
 */
export async function syncContent(
  services: Services,
  log: FastifyBaseLogger,
  kind: PublicationKind,
  contentIds: number[],
): Promise<void> {
  if (!contentIds.length) return;
  try {
    const { db } = services;
    const reaching = [and(eq(publications.kind, kind), inArray(publications.contentId, contentIds))];
    if (kind === "program") {
      const plans = await db
        .select({ id: playPlans.id })
        .from(playPlans)
        .where(arrayOverlaps(playPlans.programIds, contentIds));
      if (plans.length)
        reaching.push(
          and(
            eq(publications.kind, "plan"),
            inArray(
              publications.contentId,
              plans.map((p) => p.id),
            ),
          ),
        );
    }
    const pubs = await db
      .select({ id: publications.id })
      .from(publications)
      .where(and(eq(publications.state, "active"), or(...reaching)));
    const held = [
      pubs.length
        ? arrayOverlaps(
            terminals.publicationIds,
            pubs.map((p) => p.id),
          )
        : undefined,
      kind === "program" ? arrayOverlaps(terminals.programIds, contentIds) : undefined,
    ].filter((c) => c !== undefined);
    if (!held.length) return;
    const rows = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(or(...held));
    if (rows.length) await services.hub.notifySync(rows.map((r) => r.id));
  } catch (err) {
    log.warn({ err, kind, contentIds }, "could not tell the screens about a content change");
  }
}
