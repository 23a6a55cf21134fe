import { eq } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { users } from "../../db/schema";
import type { Tx } from "../../platform/db";
import type { ContentTable } from "./kinds";

const creator = alias(users, "creator");
const editor = alias(users, "editor");

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
      creatorName: creator.name,
      updatedByName: editor.name,
    })
    .from(table as ContentTable)
    .leftJoin(creator, eq(creator.id, table.createdBy))
    .leftJoin(editor, eq(editor.id, table.updatedBy));
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
