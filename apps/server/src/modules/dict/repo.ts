import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { dictItems, dictTypes } from "../../db/schema";
import type { AuditNote } from "../../platform/audit";
import type { Db, Tx } from "../../platform/db";
import { allFound, badRequest, FieldErrors, notFound, violates } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";

export type TypeRow = typeof dictTypes.$inferSelect;
export type ItemRow = typeof dictItems.$inferSelect;

/** One past the largest `sort`: a new row without a place goes last. */
const after = (top: number | null | undefined) => Math.min(100_000, (top ?? 0) + 1);
async function nextTypeSort(tx: Tx) {
  const [row] = await tx.select({ top: sql<number | null>`max(${dictTypes.sort})` }).from(dictTypes);
  return after(row?.top);
}
async function nextItemSort(tx: Tx, typeId: number) {
  const [row] = await tx
    .select({ top: sql<number | null>`max(${dictItems.sort})` })
    .from(dictItems)
    .where(eq(dictItems.typeId, typeId));
  return after(row?.top);
}

const codeTaken = (code: string) =>
  new FieldErrors([{ field: "code", key: "dict.codeTaken", values: { code } }]);
const valueTaken = (value: string) =>
  new FieldErrors([{ field: "value", key: "dict.valueTaken", values: { value } }]);

/** How many items each of `typeIds` holds. */
export async function itemCounts(db: Db, typeIds: number[]): Promise<Map<number, number>> {
  if (typeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ typeId: dictItems.typeId, n: count() })
    .from(dictItems)
    .where(inArray(dictItems.typeId, typeIds))
    .groupBy(dictItems.typeId);
  return new Map(rows.map((r) => [r.typeId, r.n]));
}

/** A page of the types whose code or name contains `keyword`. */
export async function listTypes(
  db: Db,
  q: { keyword?: string; pageNo: number; pageSize: number },
): Promise<{ rows: TypeRow[]; total: number }> {
  const { keyword, pageNo, pageSize } = q;
  const where = keyword
    ? or(ilike(dictTypes.code, `%${likeEscape(keyword)}%`), ilike(dictTypes.name, `%${likeEscape(keyword)}%`))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(dictTypes)
      .where(where)
      .orderBy(asc(dictTypes.sort), asc(dictTypes.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(dictTypes).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Creates (no `id`) or updates a type, in one transaction; a built-in type keeps its code. */
export async function saveType(
  db: Db,
  input: { id?: number; code: string; name: string; description: string | null; sort?: number },
  now: Date,
): Promise<TypeRow> {
  const { id, code, name, description, sort } = input;
  try {
    return await db.transaction(async (tx) => {
      if (id !== undefined) {
        const [current] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id)).for("update");
        if (!current) throw notFound("dict type", id);
        if (current.builtIn && current.code !== code) {
          throw new FieldErrors([{ field: "code", key: "dict.builtInCode", values: { name: current.name } }]);
        }
      }
      // Codes differing only in case would read as the same type to a person.
      const same = eq(sql`lower(${dictTypes.code})`, code.toLowerCase());
      const [clash] = await tx
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(id === undefined ? same : and(same, ne(dictTypes.id, id)));
      if (clash) throw codeTaken(code);
      const values = { code, name, description, updatedAt: now };
      const [row] =
        id === undefined
          ? await tx
              .insert(dictTypes)
              .values({ ...values, sort: sort ?? (await nextTypeSort(tx)) })
              .returning()
          : await tx
              .update(dictTypes)
              .set({ ...values, ...(sort !== undefined ? { sort } : {}) })
              .where(eq(dictTypes.id, id))
              .returning();
      if (!row) throw new Error("dictionary type not written");
      return row;
    });
  } catch (err) {
    if (violates(err, "dict_types_code_unique")) throw codeTaken(code);
    throw err;
  }
}

/** Deletes a type that is not built in, with its items; its code goes into the audit detail once found. */
export async function deleteType(db: Db, id: number, audit: AuditNote): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id)).for("update");
    if (!row) throw notFound("dict type", id);
    if (row.builtIn) throw badRequest("dict.builtIn", { name: row.name });
    audit.detail = { code: row.code };
    // Its items go with it (ON DELETE CASCADE).
    await tx.delete(dictTypes).where(eq(dictTypes.id, id));
  });
}

/** A page of a type's items (404 for a missing type), filtered by keyword (any label) and state. */
export async function listItems(
  db: Db,
  q: { typeId: number; keyword?: string; enabled?: boolean; pageNo: number; pageSize: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const { typeId, keyword, enabled, pageNo, pageSize } = q;
  const [type] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.id, typeId));
  if (!type) throw notFound("dict type", typeId);
  const c: SQL[] = [eq(dictItems.typeId, typeId)];
  if (keyword) {
    const p = `%${likeEscape(keyword)}%`;
    const match = or(
      ilike(dictItems.value, p),
      ilike(dictItems.label, p),
      ilike(sql`${dictItems.labels}::text`, p),
    );
    if (match) c.push(match);
  }
  if (enabled !== undefined) c.push(eq(dictItems.enabled, enabled));
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(dictItems)
      .where(where)
      .orderBy(asc(dictItems.sort), asc(dictItems.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(dictItems).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Creates (no `id`) or updates an item of a type, in one transaction that also touches the type. */
export async function saveItem(
  db: Db,
  input: {
    id?: number;
    typeId: number;
    value: string;
    label: string;
    labels: Record<string, string>;
    sort?: number;
    enabled: boolean;
    remarks: string | null;
  },
  now: Date,
): Promise<ItemRow> {
  const { id, typeId, value, label, labels, sort, enabled, remarks } = input;
  try {
    return await db.transaction(async (tx) => {
      // The type stays while its item is written (a concurrent delete waits, then finds the item).
      const [type] = await tx.select().from(dictTypes).where(eq(dictTypes.id, typeId)).for("share");
      if (!type) throw notFound("dict type", typeId);
      if (id !== undefined) {
        const [current] = await tx
          .select({ id: dictItems.id })
          .from(dictItems)
          .where(and(eq(dictItems.id, id), eq(dictItems.typeId, typeId)));
        if (!current) throw notFound("dict item", id);
      }
      const same = and(eq(dictItems.typeId, typeId), eq(dictItems.value, value));
      const [clash] = await tx
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(id === undefined ? same : and(same, ne(dictItems.id, id)));
      if (clash) throw valueTaken(value);
      const values = { value, label, labels, enabled, remarks, updatedAt: now };
      const [row] =
        id === undefined
          ? await tx
              .insert(dictItems)
              .values({
                typeId,
                ...values,
                sort: sort ?? (await nextItemSort(tx, typeId)),
              })
              .returning()
          : await tx
              .update(dictItems)
              .set({ ...values, ...(sort !== undefined ? { sort } : {}) })
              .where(eq(dictItems.id, id))
              .returning();
      if (!row) throw new Error("dictionary item not written");
      await tx.update(dictTypes).set({ updatedAt: now }).where(eq(dictTypes.id, typeId));
      return row;
    });
  } catch (err) {
    if (violates(err, "dict_items_type_value_uq")) throw valueTaken(value);
    throw err;
  }
}

/** Deletes items of a type (all must exist) and touches the type; their values go into the audit detail. */
export async function deleteItems(
  db: Db,
  typeId: number,
  ids: number[],
  audit: AuditNote,
  now: () => Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: dictItems.id, value: dictItems.value })
      .from(dictItems)
      .where(and(eq(dictItems.typeId, typeId), inArray(dictItems.id, ids)))
      .for("update");
    allFound(rows, ids, "dict item");
    audit.detail = { typeId, values: rows.map((r) => r.value) };
    await tx.delete(dictItems).where(inArray(dictItems.id, ids));
    await tx.update(dictTypes).set({ updatedAt: now() }).where(eq(dictTypes.id, typeId));
  });
}

/** A type by code (404 when missing) and its enabled items in order. */
export async function enabledItems(db: Db, code: string): Promise<{ type: TypeRow; rows: ItemRow[] }> {
  const [type] = await db.select().from(dictTypes).where(eq(dictTypes.code, code));
  if (!type) throw notFound("dict type", code);
  const rows = await db
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.typeId, type.id), eq(dictItems.enabled, true)))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  return { type, rows };
}
