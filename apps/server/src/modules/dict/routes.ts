import {
  type DictItem,
  DictItemDeleteBody,
  DictItemListQuery,
  DictItemListResponse,
  DictItemSaveBody,
  DictItemSaveResponse,
  DictItemsQuery,
  DictItemsResponse,
  type DictType,
  DictTypeDeleteBody,
  DictTypeListQuery,
  DictTypeListResponse,
  DictTypeSaveBody,
  DictTypeSaveResponse,
  dictLabel,
  dictTypeName,
  OkResponse,
} from "@marquee/contracts";
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dictItems, dictTypes } from "../../db/schema";
import type { Tx } from "../../platform/db";
import { allFound, badRequest, FieldErrors, notFound, violates } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";

type TypeRow = typeof dictTypes.$inferSelect;
type ItemRow = typeof dictItems.$inferSelect;

const typeOut = (r: TypeRow, itemCount: number): DictType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  builtIn: r.builtIn,
  sort: r.sort,
  itemCount,
  updatedAt: r.updatedAt.toISOString(),
});

const itemOut = (r: ItemRow): DictItem => ({
  id: r.id,
  typeId: r.typeId,
  value: r.value,
  label: r.label,
  labels: Object.fromEntries(
    Object.entries(r.labels ?? {}).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>,
  sort: r.sort,
  enabled: r.enabled,
  remarks: r.remarks,
  updatedAt: r.updatedAt.toISOString(),
});

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

/**
 * The dictionary (dictManage): typed key/value lists that forms offer
 * (terminal models, material types …). One dictionary for the whole system:
 * the platform edits it (sys:dict:edit, platform-only), every signed-in user
 * reads a type's enabled items in their language (`items?code=`).
 */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["dict"];
  const view = { access: { permission: "sys:dict:view" as const } };
  const edit = { access: { permission: "sys:dict:edit" as const } };

  const itemCounts = async (typeIds: number[]) => {
    if (typeIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ typeId: dictItems.typeId, n: count() })
      .from(dictItems)
      .where(inArray(dictItems.typeId, typeIds))
      .groupBy(dictItems.typeId);
    return new Map(rows.map((r) => [r.typeId, r.n]));
  };

  app.get(
    "/a/api/dict/typeList",
    {
      config: view,
      schema: { tags, querystring: DictTypeListQuery, response: { 200: DictTypeListResponse } },
    },
    async (req) => {
      const { keyword, pageNo, pageSize } = req.query;
      const where = keyword
        ? or(
            ilike(dictTypes.code, `%${likeEscape(keyword)}%`),
            ilike(dictTypes.name, `%${likeEscape(keyword)}%`),
          )
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
      const counts = await itemCounts(rows.map((r) => r.id));
      return {
        list: rows.map((r) => typeOut(r, counts.get(r.id) ?? 0)),
        total: totals[0]?.n ?? 0,
        pageNo,
        pageSize,
      };
    },
  );

  app.post(
    "/a/api/dict/typeSave",
    { config: edit, schema: { tags, body: DictTypeSaveBody, response: { 200: DictTypeSaveResponse } } },
    async (req) => {
      const { id, code, name, description, sort } = req.body;
      req.audit.target = `dictType:${id ?? code}`;
      const now = services.clock.now();
      let saved: TypeRow;
      try {
        saved = await db.transaction(async (tx) => {
          if (id !== undefined) {
            const [current] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id)).for("update");
            if (!current) throw notFound("dict type", id);
            if (current.builtIn && current.code !== code) {
              throw new FieldErrors([
                { field: "code", key: "dict.builtInCode", values: { name: current.name } },
              ]);
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
      req.audit.target = `dictType:${saved.id}`;
      req.audit.detail = { code: saved.code, created: id === undefined };
      const counts = await itemCounts([saved.id]);
      return { type: typeOut(saved, counts.get(saved.id) ?? 0) };
    },
  );

  app.post(
    "/a/api/dict/typeDelete",
    { config: edit, schema: { tags, body: DictTypeDeleteBody, response: { 200: OkResponse } } },
    async (req) => {
      const { id } = req.body;
      req.audit.target = `dictType:${id}`;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id)).for("update");
        if (!row) throw notFound("dict type", id);
        if (row.builtIn) throw badRequest("dict.builtIn", { name: row.name });
        req.audit.detail = { code: row.code };
        // Its items go with it (ON DELETE CASCADE).
        await tx.delete(dictTypes).where(eq(dictTypes.id, id));
      });
      return {};
    },
  );

  app.get(
    "/a/api/dict/itemList",
    {
      config: view,
      schema: { tags, querystring: DictItemListQuery, response: { 200: DictItemListResponse } },
    },
    async (req) => {
      const { typeId, keyword, enabled, pageNo, pageSize } = req.query;
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
      return {
        list: rows.map(itemOut),
        total: totals[0]?.n ?? 0,
        pageNo,
        pageSize,
      };
    },
  );

  app.post(
    "/a/api/dict/itemSave",
    { config: edit, schema: { tags, body: DictItemSaveBody, response: { 200: DictItemSaveResponse } } },
    async (req) => {
      const { id, typeId, value, label, labels, sort, enabled, remarks } = req.body;
      req.audit.target = `dictItem:${id ?? `${typeId}/${value}`}`.slice(0, 500);
      // An empty label of a language means "use the default label".
      const ownLabels = Object.fromEntries(Object.entries(labels).filter(([, v]) => v));
      const now = services.clock.now();
      let saved: ItemRow;
      try {
        saved = await db.transaction(async (tx) => {
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
          const values = { value, label, labels: ownLabels, enabled, remarks, updatedAt: now };
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
      req.audit.target = `dictItem:${saved.id}`;
      req.audit.detail = { typeId, value: saved.value, created: id === undefined };
      return { item: itemOut(saved) };
    },
  );

  app.post(
    "/a/api/dict/itemDelete",
    { config: edit, schema: { tags, body: DictItemDeleteBody, response: { 200: OkResponse } } },
    async (req) => {
      const { typeId, ids } = req.body;
      req.audit.target = `dictItem:${ids.join(",")}`.slice(0, 500);
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: dictItems.id, value: dictItems.value })
          .from(dictItems)
          .where(and(eq(dictItems.typeId, typeId), inArray(dictItems.id, ids)))
          .for("update");
        allFound(rows, ids, "dict item");
        req.audit.detail = { typeId, values: rows.map((r) => r.value) };
        await tx.delete(dictItems).where(inArray(dictItems.id, ids));
        await tx.update(dictTypes).set({ updatedAt: services.clock.now() }).where(eq(dictTypes.id, typeId));
      });
      return {};
    },
  );

  /** What a form offers: the enabled items of a type, in the caller's language. */
  app.get(
    "/a/api/dict/items",
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: DictItemsQuery, response: { 200: DictItemsResponse } },
    },
    async (req) => {
      const { code } = req.query;
      const [type] = await db.select().from(dictTypes).where(eq(dictTypes.code, code));
      if (!type) throw notFound("dict type", code);
      const rows = await db
        .select()
        .from(dictItems)
        .where(and(eq(dictItems.typeId, type.id), eq(dictItems.enabled, true)))
        .orderBy(asc(dictItems.sort), asc(dictItems.id));
      return {
        type: { code: type.code, name: dictTypeName(type, req.locale) },
        items: rows.map((r) => ({ value: r.value, label: dictLabel(r, req.locale) })),
      };
    },
  );
};
