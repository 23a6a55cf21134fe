import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { LOCALES } from "./i18n/locales";
import { CallCenter } from "./sysSetting";

/** Longest FAQ answer, in characters of (sanitised) HTML. */
export const FAQ_ANSWER_MAX = 20_000;

/** An FAQ entry (commonProblemManager). `lang` null: shown in every language. */
export const CommonProblem = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string(),
  lang: z.enum(LOCALES).nullable(),
  sort: z.number(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type CommonProblem = z.infer<typeof CommonProblem>;

/** GET /a/api/commonProblem/list: the enabled entries in the caller's language (or every language). */
export const CommonProblemListQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  pageSize: Paging.shape.pageSize.default(20),
}).strict();
export const CommonProblemListResponse = pageOf(CommonProblem);

/** GET /a/api/commonProblem/manageList: every entry, for the editors' table. */
export const CommonProblemManageQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  /** A language, or "all" for the entries shown in every language. */
  lang: z.enum([...LOCALES, "all"]).optional(),
  enabled: zBool.optional(),
}).strict();

/** "" (or nothing) from a form means "every language". */
const zLang = z
  .union([z.literal(""), z.enum(LOCALES)])
  .nullish()
  .transform((v) => v || null);

/** POST /a/api/commonProblem/save: a new entry (no `id`) or a change; `answer` is sanitised HTML or text. */
export const CommonProblemSaveBody = z.strictObject({
  id: zId.optional(),
  question: z.string().trim().min(1).max(500),
  answer: z.string().trim().min(1).max(FAQ_ANSWER_MAX),
  lang: zLang,
  enabled: zBool.default(true),
  /** Place in the list; a new entry without one goes last. */
  sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type CommonProblemSaveBody = z.input<typeof CommonProblemSaveBody>;
export const CommonProblemSaveResponse = Envelope.extend({ problem: CommonProblem });

/** POST /a/api/commonProblem/delete. */
export const CommonProblemDeleteBody = z.strictObject({ ids: zIdList });

/** POST /a/api/commonProblem/sort: moves an entry one place up or down, or to the top or the bottom. */
export const FAQ_MOVES = ["up", "down", "top", "bottom"] as const;
export const CommonProblemSortBody = z.strictObject({ id: zId, move: z.enum(FAQ_MOVES) });

/** A phone number as people write it: digits, spaces, +, -, (, ), / and an extension mark. */
const zPhone = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9+\-() ./#*xX]*$/, "help.phoneFormat");

/** POST /a/api/callCenter/save: the contact card every tenant sees. */
export const CallCenterSaveBody = z.strictObject({
  phone: zPhone.default(""),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(""), z.email()]))
    .default(""),
  hours: CallCenter.shape.hours,
  address: CallCenter.shape.address,
  notes: CallCenter.shape.notes,
});
export type CallCenterSaveBody = z.input<typeof CallCenterSaveBody>;

/** GET /a/api/callCenter/info. */
export const CallCenterInfoResponse = Envelope.extend({ callCenter: CallCenter });
