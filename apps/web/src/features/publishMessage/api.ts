import type {
  ContentHistoryEntry,
  ContentHistoryResponse,
  ContentState,
  PubMessageDetailResponse,
  PubMessageListResponse,
  PubMessageSaveResponse,
  PubMessageSummary,
  SubmitResponse,
} from "@marquee/contracts";
import type { MessageDoc } from "@marquee/schedule";
import type { z } from "zod";
import { HttpError, http } from "../../services/http";
import { reviewCalls } from "../content/api";

/** Calls of published messages (publishMessage/*), their review lists and decisions included. */

const MESSAGE = "/a/api/publishMessage";

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

export type PubMessageSaved = z.infer<typeof PubMessageSaveResponse>;

export type PubMessageDetail = z.infer<typeof PubMessageDetailResponse>;

/** One line of a message's history. */
export type ContentHistoryLine = z.infer<typeof ContentHistoryEntry>;

/** A save refused because someone saved a newer version (HTTP 409): who and when, when the server says. */
export class MessageConflict extends Error {
  constructor(
    readonly current: { version?: number; updatedByName?: string | null; updateDate?: string } | null,
  ) {
    super("publishMessage.conflict");
  }
}

export const pubMessageApi = {
  list: (q: PubMessageQuery) => http.get<z.infer<typeof PubMessageListResponse>>(`${MESSAGE}/list`, { ...q }),
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
    http.post<z.infer<typeof SubmitResponse>>(`${MESSAGE}/submit`, { ids: ids.join(",") }),
  history: (id: number) => http.get<z.infer<typeof ContentHistoryResponse>>(`${MESSAGE}/history`, { id }),
  ...reviewCalls<PubMessageSummary>(MESSAGE),
};
