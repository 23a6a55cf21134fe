import type { ContentState, ReviewResultResponse } from "@marquee/contracts";
import type { z } from "zod";
import { http, type Page } from "../../services/http";

/**
 * What the reviewed contents (programs, play plans, published messages) share
 * on the wire: a page of rows and the review calls of a kind.
 */

/** A review list's query (the contracts' ChecklistQuery). */
export interface ReviewQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  state?: ContentState;
}

/**
 * The review calls one kind of content shares (ChecklistQuery, ReviewResultBody,
 * ReviewNoteBody), sent as JSON. Decisions are silent: the review dialog shows a
 * refusal (a reviewer approving their own submission) where the reviewer looks.
 */
export function reviewCalls<Row>(prefix: string) {
  return {
    checklist: (q: ReviewQuery) => http.get<Page<Row>>(`${prefix}/checklist`, { ...q }),
    decide: (ids: readonly number[], result: "approved" | "rejected", note: string) =>
      http.post<z.infer<typeof ReviewResultResponse>>(
        `${prefix}/submitResult`,
        { ids: [...ids], result, note },
        { json: true, silent: true },
      ),
    note: (id: number, note: string) =>
      http.post(`${prefix}/submitNote`, { id, note }, { json: true, silent: true }),
  };
}
