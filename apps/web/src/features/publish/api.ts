import type {
  GetKeyResponse,
  OfficeCountList,
  OfficeCountNode,
  PageOfficeResponse,
  PublicationDetailsResponse,
  PublicationKind,
  PublicationListResponse,
  PublicationSummary,
  PublishResponse,
  RetryResponse,
  SelectionCountResponse,
  SubmitResponse,
  TargetState,
  TerminalListResponse,
  TerminalSelection,
  TerminalSummary,
  TerminalTreeResponse,
  TerminalViewStatus,
  WithdrawResponse,
} from "@marquee/contracts";
import type { Resolution } from "@marquee/schedule";
import type { z } from "zod";
import { type Envelope, http } from "../../services/http";
import type { PlanDetail } from "../playPlan/api";
import type { PubMessageDetail as MessageDetail } from "../publishMessage/api";

/**
 * Calls of publishing (contracts/src/publish.ts): choosing terminals, publishing programs, plans and
 * messages, and following the delivery per terminal. Each kind has its own prefix (spec §7); the
 * calls common to the three live under publication/.
 */

const API = "/a/api";

/** The spec's prefix of each kind's publishing calls. */
export const PUBLISH_PREFIX: Record<PublicationKind, string> = {
  program: `${API}/publishProgram`,
  plan: `${API}/playPlan`,
  message: `${API}/publishMessage`,
};

/** An office with the authorised terminals in it and below. */
export type OfficeCount = z.infer<typeof OfficeCountNode>;

/** A terminal to choose from (terminalSelect, groupsterminals answer terminal summaries). */
export type SelectableTerminal = Pick<TerminalSummary, "id" | "name" | "officeName" | "groupName" | "status">;

export interface TerminalSelectQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  officeId?: number;
  groupId?: number;
  includeChildren?: boolean;
  status?: TerminalViewStatus;
}

export type SelectionCount = z.infer<typeof SelectionCountResponse>;

export type PublishAnswer = z.infer<typeof PublishResponse>;

export type PublicationDetails = z.infer<typeof PublicationDetailsResponse>;

export interface PublicationQuery {
  pageNo: number;
  pageSize: number;
  state?: TargetState;
  name?: string;
}

/** What terminal/whatPlays answers: the resolver's Resolution, the terminal's time zone and the names of its programs. */
export interface WhatPlays extends Envelope {
  terminalId: number;
  timezone: string;
  programs: Array<{ id: number; name: string }>;
  resolution: Resolution;
}

export type { PlanDetail } from "../playPlan/api";
export type { PubMessageDetail as MessageDetail } from "../publishMessage/api";

/** Id lists travel as comma lists in query strings (zIdList reads both). */
const idList = (ids: readonly number[] | undefined) => (ids?.length ? ids.join(",") : undefined);

export const publishApi = {
  // ---- choosing terminals ----
  terminalSelect: (kind: PublicationKind, q: TerminalSelectQuery) =>
    http.get<z.infer<typeof TerminalListResponse>>(`${PUBLISH_PREFIX[kind]}/terminalSelect`, { ...q }),
  /** One level of the office tree: the children of `parentId` (the caller's top offices without it). */
  officeLevel: (q: { parentId?: number; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof PageOfficeResponse>>(`${PUBLISH_PREFIX.program}/pageOfficeTreeMap`, { ...q }),
  /** Offices whose name contains `name`, anywhere in the caller's range. */
  searchOffice: (name: string) =>
    http.get<z.infer<typeof OfficeCountList>>(`${PUBLISH_PREFIX.plan}/searchOffice`, { name }),
  /** The terminal groups of the caller's range with terminal counts. */
  groupTree: () => http.get<z.infer<typeof TerminalTreeResponse>>(`${PUBLISH_PREFIX.program}/groupTreeMap`),
  groupsTerminals: (q: { groupIds: readonly number[]; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof TerminalListResponse>>(`${PUBLISH_PREFIX.message}/groupsterminals`, {
      groupIds: idList(q.groupIds),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    }),
  /** How many terminals a selection reaches; silent: the count is advisory and refreshes on the next change. */
  count: (kind: PublicationKind, s: TerminalSelection) =>
    http.get<SelectionCount>(
      `${PUBLISH_PREFIX[kind]}/publishTerminalSaveCount`,
      {
        terminalIds: idList(s.terminalIds),
        officeIds: idList(s.officeIds),
        groupIds: idList(s.groupIds),
        excludeIds: idList(s.excludeIds),
        includeChildren: s.includeChildren,
      },
      { silent: true },
    ),

  // ---- publishing ----
  /** Silent: the confirm step shows the refusal in place. */
  publish: (
    kind: PublicationKind,
    body: TerminalSelection & { id: number; name?: string; publishAt?: string | null },
  ) =>
    http.post<PublishAnswer>(
      kind === "message" ? `${PUBLISH_PREFIX.message}/savePublish` : `${PUBLISH_PREFIX[kind]}/saveTerminals`,
      body,
      { json: true, silent: true },
    ),
  /** Every active publication of these contents leaves the terminals. */
  withdrawContent: (kind: PublicationKind, ids: readonly number[]) =>
    http.post<z.infer<typeof WithdrawResponse>>(`${PUBLISH_PREFIX[kind]}/withdraw`, { ids }, { json: true }),

  // ---- delivery ----
  publications: (q: { kind: PublicationKind; contentId: number; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof PublicationListResponse>>(`${API}/publication/list`, { ...q }, { silent: true }),
  /** One publication and its terminals; silent: it is polled, and the view says when it fails. */
  details: (kind: PublicationKind, id: number, q: PublicationQuery) =>
    http.get<PublicationDetails>(
      kind === "program"
        ? `${PUBLISH_PREFIX.program}/getPublishProgramDetails`
        : kind === "message"
          ? `${PUBLISH_PREFIX.message}/getPublishMessage`
          : `${API}/publication/details`,
      { id, ...q },
      { silent: true },
    ),
  /** Delivers again where it failed (every failed terminal, or only `terminalIds`). */
  retry: (publication: Pick<PublicationSummary, "id" | "kind" | "name">, terminalIds?: readonly number[]) => {
    const only = terminalIds?.length ? { terminalIds } : {};
    if (publication.kind === "program")
      return http.post<z.infer<typeof RetryResponse>>(
        `${PUBLISH_PREFIX.program}/reuploadProgramByPublishName`,
        { publishName: publication.name, ...only },
        { json: true },
      );
    return http.post<z.infer<typeof RetryResponse>>(
      publication.kind === "message"
        ? `${PUBLISH_PREFIX.message}/reuploadMessage`
        : `${API}/publication/retry`,
      { id: publication.id, ...only },
      { json: true },
    );
  },
  /** The publication leaves its terminals (all, or only `terminalIds`). */
  withdraw: (publicationId: number, terminalIds?: readonly number[]) =>
    http.post<z.infer<typeof WithdrawResponse>>(
      `${API}/publication/withdraw`,
      { ids: [publicationId], ...(terminalIds?.length ? { terminalIds } : {}) },
      { json: true },
    ),

  // ---- what plays ----
  whatPlays: (terminalId: number) =>
    http.get<WhatPlays>(`${API}/terminal/whatPlays`, { id: terminalId }, { silent: true }),

  // ---- the content being published ----
  /** Silent, as program detail: the publish screen says in place why the content cannot be read. */
  planDetail: (id: number) => http.get<PlanDetail>(`${PUBLISH_PREFIX.plan}/detail`, { id }, { silent: true }),
  messageDetail: (id: number) =>
    http.get<MessageDetail>(`${PUBLISH_PREFIX.message}/messagePreview`, { id }, { silent: true }),
  /** Submits content for review (approved at once while review is off); programs have their own call. */
  submitForReview: (kind: Exclude<PublicationKind, "program">, id: number) =>
    http.post<z.infer<typeof SubmitResponse>>(`${PUBLISH_PREFIX[kind]}/submit`, { ids: String(id) }),
  /** Whether only approved content may be published (the public `audit` setting). */
  auditSetting: () =>
    http.get<z.infer<typeof GetKeyResponse>>(
      `${API}/sysSetting/getKey`,
      { keyList: "audit" },
      { silent: true },
    ),
};
