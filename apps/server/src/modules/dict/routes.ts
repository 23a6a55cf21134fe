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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deleteItems,
  deleteType,
  enabledItems,
  type ItemRow,
  itemCounts,
  listItems,
  listTypes,
  saveItem,
  saveType,
  type TypeRow,
} from "./repo";

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

  app.get(
    "/a/api/dict/typeList",
    {
      config: view,
      schema: { tags, querystring: DictTypeListQuery, response: { 200: DictTypeListResponse } },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query;
      const { rows, total } = await listTypes(db, req.query);
      const counts = await itemCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        list: rows.map((r) => typeOut(r, counts.get(r.id) ?? 0)),
        total,
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
      const saved = await saveType(db, { id, code, name, description, sort }, now);
      req.audit.target = `dictType:${saved.id}`;
      req.audit.detail = { code: saved.code, created: id === undefined };
      const counts = await itemCounts(db, [saved.id]);
      return { type: typeOut(saved, counts.get(saved.id) ?? 0) };
    },
  );

  app.post(
    "/a/api/dict/typeDelete",
    { config: edit, schema: { tags, body: DictTypeDeleteBody, response: { 200: OkResponse } } },
    async (req) => {
      const { id } = req.body;
      req.audit.target = `dictType:${id}`;
      await deleteType(db, id, req.audit);
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
      const { pageNo, pageSize } = req.query;
      const { rows, total } = await listItems(db, req.query);
      return {
        list: rows.map(itemOut),
        total,
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
      const saved = await saveItem(
        db,
        { id, typeId, value, label, labels: ownLabels, sort, enabled, remarks },
        now,
      );
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
      await deleteItems(db, typeId, ids, req.audit, () => services.clock.now());
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
      const { type, rows } = await enabledItems(db, code);
      return {
        type: { code: type.code, name: dictTypeName(type, req.locale) },
        items: rows.map((r) => ({ value: r.value, label: dictLabel(r, req.locale) })),
      };
    },
  );
};
