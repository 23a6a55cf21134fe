import { z } from "zod";
import { MAX_PAGE_SIZE } from "./constants";

/** A boolean that also arrives form-encoded ("true"/"false"/"1"/"0"). */
export const zBool = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

/** A positive integer id (form-encoded bodies carry it as a string). */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);

/** A comma list of ids, as the spec's `id` of updateReadState ("1,2,3"), or an array. */
export const zIdList = z
  .union([z.string().max(10_000), z.array(z.union([z.string(), z.number()])).max(1000)])
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.map(String) : v.split(",")).map((s) => s.trim()).filter(Boolean);
    const ids = parts.map((s) => Number(s));
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: "validation.format" });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** Paging of every list call: `pageNo` from 1, `pageSize` up to MAX_PAGE_SIZE. */
export const Paging = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});

/**
 * The answer envelope: `code` 0 is success (ARCHITECTURE.md, The API). Every answer carries both fields;
 * a server handler may leave them out (optional on input), since the server adds the success ones to
 * every answer declared with an envelope, so the document (the output) lists them as always present.
 */
export const Envelope = z.object({ code: z.number().int().prefault(0), msg: z.string().prefault("") });
export type Envelope = z.infer<typeof Envelope>;

/** An answer that carries nothing but success. */
export const OkResponse = Envelope;

/** A page of a list: `{ list, total, pageNo, pageSize }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return Envelope.extend({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A field error of a 400 answer. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export const ErrorResponse = Envelope.extend({
  requestId: z.string().optional(),
  errors: z.array(FieldError).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
