import type {
  DictItemListResponse,
  DictItemSaveBody,
  DictItemSaveResponse,
  DictTypeListResponse,
  DictTypeSaveBody,
  DictTypeSaveResponse,
  Permission,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** The routes' permissions: operations are checked against the view permission (spec §6). */
export const DICT_PERMISSIONS = { view: "sys:dict:view", edit: "sys:dict:edit" } as const satisfies Record<
  string,
  Permission
>;

/** Dictionary management calls (/a/api/dict/*). Saves are silent: the dialogs show the server's words. */
export const dictApi = {
  types: (q: { keyword?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof DictTypeListResponse>>("/a/api/dict/typeList", q),
  saveType: (body: DictTypeSaveBody) =>
    http.post<z.infer<typeof DictTypeSaveResponse>>("/a/api/dict/typeSave", body, {
      json: true,
      silent: true,
    }),
  deleteType: (id: number) => http.post("/a/api/dict/typeDelete", { id }, { json: true }),
  items: (q: { typeId: number; keyword?: string; enabled?: boolean; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof DictItemListResponse>>("/a/api/dict/itemList", q),
  saveItem: (body: DictItemSaveBody) =>
    http.post<z.infer<typeof DictItemSaveResponse>>("/a/api/dict/itemSave", body, {
      json: true,
      silent: true,
    }),
  deleteItems: (typeId: number, ids: number[]) =>
    http.post("/a/api/dict/itemDelete", { typeId, ids: ids.join(",") }, { json: true }),
};
