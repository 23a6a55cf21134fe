import type { PublicationKind } from "@marquee/contracts";
import { and, asc, countDistinct, eq, inArray, ne } from "drizzle-orm";
import { publications, publicationTargets } from "../../db/schema";
import type { Tx } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { anyOf } from "../../platform/sql";

/** Active publications of each item and the distinct terminals they reach (withdrawn targets aside). */
export async function publicationFigures(
  db: Tx,
  kind: PublicationKind,
  ids: number[],
): Promise<Map<number, { publicationCount: number; terminalCount: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: publications.contentId,
      publicationCount: countDistinct(publications.id),
      terminalCount: countDistinct(publicationTargets.terminalId),
    })
    .from(publications)
    .leftJoin(
      publicationTargets,
      and(eq(publicationTargets.publicationId, publications.id), ne(publicationTargets.state, "withdrawn")),
    )
    .where(
      and(eq(publications.kind, kind), eq(publications.state, "active"), anyOf(publications.contentId, ids)),
    )
    .groupBy(publications.contentId);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The names of the active or scheduled publications of each item that has some. */
export async function livePublications(
  tx: Tx,
  kind: PublicationKind,
  ids: number[],
): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: publications.contentId, name: publications.name })
    .from(publications)
    .where(
      and(
        eq(publications.kind, kind),
        inArray(publications.contentId, ids),
        inArray(publications.state, ["active", "scheduled"]),
      ),
    )
    .orderBy(asc(publications.name));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.name]);
  return out;
}

/**
 * Refuses (409) the deletion of items that screens play or will play, naming
 * the first item and its publications; the list goes along for the console.
 */
export async function assertNotPublished(
  tx: Tx,
  kind: PublicationKind,
  rows: Array<{ id: number; name: string }>,
  key: "plan.published" | "pubMessage.published" | "review.programPublished",
) {
  const live = await livePublications(
    tx,
    kind,
    rows.map((r) => r.id),
  );
  const first = rows.find((r) => live.has(r.id));
  if (!first) return;
  const publishedAs = rows
    .filter((r) => live.has(r.id))
    .map((r) => ({ id: r.id, name: r.name, publications: live.get(r.id) ?? [] }));
  throw new AppError(
    409,
    key,
    { name: first.name, publications: (live.get(first.id) ?? []).join(", ") },
    { publishedAs },
  );
}

/**
 * Removes what is left of deleted content in the publishing tables: its
 * withdrawn publications (their per-terminal rows go with them). Live ones
 * were refused before.
 */
export async function deletePublications(tx: Tx, kind: PublicationKind, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(publications).where(and(eq(publications.kind, kind), inArray(publications.contentId, ids)));
}
