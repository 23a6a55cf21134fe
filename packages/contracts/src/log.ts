import { z } from "zod";
import { Paging } from "./common";

/** A row of the system log (the audit trail). */
export const AuditLogRow = z.object({
  id: z.number(),
  officeId: z.number().nullable(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  target: z.string().nullable(),
  result: z.enum(["ok", "fail"]),
  status: z.number(),
  ip: z.string().nullable(),
  durationMs: z.number(),
  createDate: z.string(),
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

const time = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), "validation.format");

/** GET /a/api/log/ajaxScrollLog: filtered, paginated, newest first. */
export const LogListQuery = Paging.extend({
  username: z.string().trim().max(64).optional(),
  action: z.string().trim().max(120).optional(),
  result: z.enum(["ok", "fail"]).optional(),
  beginTime: time.optional(),
  endTime: time.optional(),
}).strict();
export type LogListQuery = z.infer<typeof LogListQuery>;
