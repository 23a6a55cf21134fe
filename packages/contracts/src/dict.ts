import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { LOCALES, type Locale } from "./i18n/locales";

/** A dictionary type's code: what forms ask for (`items?code=terminalModel`). */
export const DICT_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{1,49}$/;
export const zDictCode = z.string().trim().regex(DICT_CODE_PATTERN, "dict.codeFormat");

/** The seeded types the console's own forms read; they cannot be deleted and keep their code. */
export const DICT_TYPES = { terminalModel: "terminalModel", materialType: "materialType" } as const;

/** A dictionary type (dictManage, left-hand list). */
export const DictType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  sort: z.number(),
  itemCount: z.number(),
  updatedAt: z.string(),
});
export type DictType = z.infer<typeof DictType>;

/** Labels per console language; a language left out shows `label`. */
export const DictLabels = z.partialRecord(z.enum(LOCALES), z.string().trim().max(100));
export type DictLabels = Partial<Record<Locale, string>>;

/** An item of a type (dictManage, right-hand table). */
export const DictItem = z.object({
  id: z.number(),
  typeId: z.number(),
  value: z.string(),
  label: z.string(),
  labels: z.record(z.string(), z.string()),
  sort: z.number(),
  enabled: z.boolean(),
  remarks: z.string().nullable(),
  updatedAt: z.string(),
});
export type DictItem = z.infer<typeof DictItem>;

/** GET /a/api/dict/typeList: types by sort, code or name containing `keyword`. */
export const DictTypeListQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  pageSize: Paging.shape.pageSize.default(100),
}).strict();
export const DictTypeListResponse = pageOf(DictType);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** POST /a/api/dict/typeSave: a new type (no `id`) or a change. */
export const DictTypeSaveBody = z.strictObject({
  id: zId.optional(),
  code: zDictCode,
  name: z.string().trim().min(1).max(100),
  description: optionalText(500),
  /** Place in the list; a new type without one goes last, a change without one keeps its place. */
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type DictTypeSaveBody = z.input<typeof DictTypeSaveBody>;
export const DictTypeSaveResponse = Envelope.extend({ type: DictType });

/** POST /a/api/dict/typeDelete: a type with its items; built-in types refuse. */
export const DictTypeDeleteBody = z.strictObject({ id: zId });

/** GET /a/api/dict/itemList: one type's items by sort, value or label containing `keyword`. */
export const DictItemListQuery = Paging.extend({
  typeId: zId,
  keyword: z.string().trim().max(100).optional(),
  enabled: zBool.optional(),
}).strict();
export const DictItemListResponse = pageOf(DictItem);

/** POST /a/api/dict/itemSave (JSON: `labels` is an object). `value` is unique within its type. */
export const DictItemSaveBody = z.strictObject({
  id: zId.optional(),
  typeId: zId,
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(100),
  labels: DictLabels.default({}),
  /** Place in the list; a new item without one goes last, a change without one keeps its place. */
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
  enabled: zBool.default(true),
  remarks: optionalText(500),
});
export type DictItemSaveBody = z.input<typeof DictItemSaveBody>;
export const DictItemSaveResponse = Envelope.extend({ item: DictItem });

/** POST /a/api/dict/itemDelete: items of one type (`ids` a comma list or an array). */
export const DictItemDeleteBody = z.strictObject({ typeId: zId, ids: zIdList });

/** GET /a/api/dict/items?code=: the enabled items of a type for forms, labelled in the caller's language. */
export const DictItemsQuery = z.strictObject({ code: zDictCode });
export const DictOption = z.object({ value: z.string(), label: z.string() });
export type DictOption = z.infer<typeof DictOption>;
export const DictItemsResponse = Envelope.extend({
  type: z.object({ code: z.string(), name: z.string() }),
  items: z.array(DictOption),
});

/** The label of an item in `locale`: its own for that language, else the default label. */
export function dictLabel(item: { label: string; labels: Partial<Record<string, string>> }, locale: Locale) {
  const own = item.labels[locale]?.trim();
  return own ? own : item.label;
}

/**
 * The seeded types' names in every language, with the English name the
 * migration stored (0007_org_admin.sql). A seeded type still named so reads in
 * the reader's language; once renamed, it reads as named.
 */
export const DICT_SEEDED_TYPE_NAMES: Record<
  keyof typeof DICT_TYPES,
  { stored: string; names: Record<Locale, string> }
> = {
  terminalModel: {
    stored: "Terminal models",
    names: {
      zh_CN: "终端型号",
      zh_TW: "終端型號",
      en: "Terminal models",
      it: "Modelli di terminale",
      ru: "Модели терминалов",
      fr: "Modèles de terminal",
    },
  },
  materialType: {
    stored: "Material types",
    names: {
      zh_CN: "素材类型",
      zh_TW: "素材類型",
      en: "Material types",
      it: "Tipi di materiale",
      ru: "Типы материалов",
      fr: "Types de médias",
    },
  },
};

/** A type's name in `locale`: a seeded type still under its seeded name in the reader's language, else as named. */
export function dictTypeName(type: { code: string; name: string; builtIn: boolean }, locale: Locale): string {
  const seeded = Object.hasOwn(DICT_SEEDED_TYPE_NAMES, type.code)
    ? DICT_SEEDED_TYPE_NAMES[type.code as keyof typeof DICT_TYPES]
    : undefined;
  return type.builtIn && seeded && seeded.stored === type.name ? seeded.names[locale] : type.name;
}
