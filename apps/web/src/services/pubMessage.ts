import type { ContentState, ProgramSummary, PubMessageSummary } from "@marquee/contracts";
import type { MessageDoc } from "@marquee/schedule";
import { type Envelope, HttpError, http } from "./http";

/**
 * Calls of messages (publishMessage/*, contracts/src/plan.ts) and of the
 * review lists of messages and programs (publishMessage/ and publishProgram/
 * checklist, submitResult, submitNote).
 */

const MESSAGE = "/a/api/publishMessage";
const PROGRAM = "/a/api/publishProgram";

export interface Page<T> extends Envelope {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface PubMessageQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  state?: ContentState;
  kind?: MessageDoc["kind"];
  priority?: MessageDoc["priority"];
}

/** What ajaxSave takes: a new message (no id) or a change of one (id + version). */
export interface PubMessageSaveBody {
  id?: number;
  version?: number;
  force?: boolean;
  name: string;
  doc: MessageDoc;
  startAt: string | null;
  endAt: string | null;
}

export interface PubMessageSaved extends Envelope {
  id: number;
  version: number;
  state: ContentState;
  updateDate: string;
}

export interface PubMessageDetail extends Envelope {
  message: PubMessageSummary;
  doc: MessageDoc;
}

/** One line of a message's history (ContentHistoryEntry). */
export interface ContentHistoryLine {
  event: "create" | "edit" | "submit" | "review" | "note" | "publish" | "withdraw";
  from: ContentState | null;
  to: ContentState | null;
  note: string | null;
  byName: string | null;
  at: string;
}

/** A save refused because someone saved a newer version (HTTP 409): who and when, when the server says. */
export class MessageConflict extends Error {
  constructor(
    readonly current: { version?: number; updatedByName?: string | null; updateDate?: string } | null,
  ) {
    super("publishMessage.conflict");
  }
}

export interface ReviewQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  state?: ContentState;
}

/**
 * The review calls one kind of content shares (ChecklistQuery, ReviewResultBody,
 * ReviewNoteBody). Decisions are silent: the review dialog shows a refusal
 * (a reviewer approving their own submission) where the reviewer looks.
 */
function reviewCalls<Row>(prefix: string) {
  return {
    checklist: (q: ReviewQuery) => http.get<Page<Row>>(`${prefix}/checklist`, { ...q }),
    decide: (ids: readonly number[], result: "approved" | "rejected", note: string) =>
      http.post<Envelope & { count?: number }>(
        `${prefix}/submitResult`,
        { ids: [...ids], result, note },
        { json: true, silent: true },
      ),
    note: (id: number, note: string) =>
      http.post(`${prefix}/submitNote`, { id, note }, { json: true, silent: true }),
  };
}

export const pubMessageApi = {
  list: (q: PubMessageQuery) => http.get<Page<PubMessageSummary>>(`${MESSAGE}/list`, { ...q }),
  /** The message as a screen shows it; `silent` when the caller shows the failure itself. */
  detail: (id: number, opts: { silent?: boolean } = {}) =>
    http.get<PubMessageDetail>(`${MESSAGE}/messagePreview`, { id }, opts),
  /** Saves; throws MessageConflict when the version is stale (the form asks the user what to do). */
  async save(body: PubMessageSaveBody): Promise<PubMessageSaved> {
    try {
      return await http.post<PubMessageSaved>(`${MESSAGE}/ajaxSave`, body, { json: true, silent: true });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409)
        throw new MessageConflict((e.body?.current as MessageConflict["current"]) ?? null);
      throw e;
    }
  },
  /** Silent: a refusal (a message still on screens) is shown in a dialog, not a passing toast. */
  remove: (id: number) => http.post(`${MESSAGE}/ajaxDelete`, { id }, { silent: true }),
  removeMany: (ids: readonly number[]) =>
    http.post(`${MESSAGE}/delete`, { ids: ids.join(",") }, { silent: true }),
  submit: (ids: readonly number[]) =>
    http.post<Envelope & { state: ContentState }>(`${MESSAGE}/submit`, { ids: ids.join(",") }),
  history: (id: number) => http.get<Envelope & { list: ContentHistoryLine[] }>(`${MESSAGE}/history`, { id }),
  ...reviewCalls<PubMessageSummary>(MESSAGE),
};

/** Program review: the pending programs, decisions and notes (program history is program/history). */
export const programReviewApi = reviewCalls<ProgramSummary>(PROGRAM);
