import type { PublicationKind } from "@marquee/contracts";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db";
import { userName } from "../../platform/sql";
import type { ContentTable } from "./kinds";
import { publicationFigures } from "./publications";

/**
 * A select of the summaries of a kind as lists show them (never the
 * document): the kind's own columns, who created and last saved it by id and
 * name, and when.
 */
export function selectSummaries<T extends ContentTable, C extends SelectedFields>(
  db: Tx,
  table: T,
  columns: C,
) {
  return db
    .select({
      ...columns,
      createdBy: table.createdBy,
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
      creatorName: userName(table, table.createdBy),
      updatedByName: userName(table, table.updatedBy),
    })
    .from(table as ContentTable);
}

/** The creation and save fields every summary answers with. */
export function authorship(r: {
  createdBy: number | null;
  creatorName: string | null;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    creatorId: r.createdBy,
    creatorName: r.creatorName,
    updatedByName: r.updatedByName,
    createDate: r.createdAt.toISOString(),
    updateDate: r.updatedAt.toISOString(),
  };
}

/** What a summary row carries besides the kind's own columns. */
type AuthoredRow = Parameters<typeof authorship>[0] & { id: number };

/**
 * Summaries as lists show them: the kind's own fields (`own`), its active
 * publications and the terminals these reach, then who created and last
 * saved it and when.
 */
export async function publishedSummaries<R extends AuthoredRow, S>(
  db: Tx,
  kind: PublicationKind,
  rows: R[],
  own: (r: R) => S,
) {
  const figures = await publicationFigures(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...own(r),
    publicationCount: figures.get(r.id)?.publicationCount ?? 0,
    terminalCount: figures.get(r.id)?.terminalCount ?? 0,
    ...authorship(r),
  }));
}
