import type {
  CustomerInfoResponse,
  CustomerPage,
  CustomerTreeResponse,
  InstantStatisticsResponse,
  OfficeChildResponse,
  OfficeInfoResponse,
  OfficeNode,
  OfficeNodesResponse,
  OfficeSaveBody,
  OfficeSaveResponse,
  OfficeSearchResponse,
  OfficeState,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** Calls of institution management and agent activation (contracts/src/office.ts). */

export interface OfficeHit extends OfficeNode {
  trail: Array<{ id: number; name: string }>;
}

/** The body of openAgentOffice: contact and limits of the new agent. */
export interface OpenAgentInput {
  id: number;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  capacityBytes?: number | null;
  terminalQuota?: number | null;
  expiresAt?: string | null;
}

export interface CustomerSearch {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  state?: OfficeState;
  type: "customer" | "agent";
  parentId?: number;
}

const OFFICE = "/a/api/office";
const CUSTOMER = "/a/api/customer";

export const officeApi = {
  /** The children of an office (lazy tree), or the caller's top office(s) without an id. */
  children: (id?: number) =>
    http.get<z.infer<typeof OfficeNodesResponse>>(`${OFFICE}/officeDynamicData`, { id }),
  search: (name: string) =>
    http.get<z.infer<typeof OfficeSearchResponse>>(`${OFFICE}/searchOffice`, { name }),
  childPage: (q: { id: number; pageNo: number; pageSize: number; name?: string }) =>
    http.get<z.infer<typeof OfficeChildResponse>>(`${OFFICE}/findChild`, { ...q }),
  info: (id: number) => http.get<z.infer<typeof OfficeInfoResponse>>(`${OFFICE}/officeInfo`, { id }),
  statistics: (id: number) =>
    http.get<z.infer<typeof InstantStatisticsResponse>>(`${OFFICE}/findInstantStatistics`, { id }),
  /** Silent: the form shows the refusal at its fields. */
  save: (body: OfficeSaveBody) =>
    http.post<z.infer<typeof OfficeSaveResponse>>(`${OFFICE}/save`, body, { json: true, silent: true }),
  /** Silent: the page shows the server's reason (what the office still holds). */
  remove: (id: number) => http.post(`${OFFICE}/deleteOffice`, { id }, { json: true, silent: true }),
  /** Silent: the dialog shows the refusal. */
  move: (id: number, parentId: number) =>
    http.post(`${OFFICE}/moveinstitude`, { id, parentId }, { json: true, silent: true }),
  openAgent: (body: OpenAgentInput) =>
    http.post<z.infer<typeof OfficeSaveResponse>>(`${OFFICE}/openAgentOffice`, body, {
      json: true,
      silent: true,
    }),
};

export const customerApi = {
  /** One level of the tree of agents and customers (the caller's own without an id). */
  tree: (id?: number) =>
    http.get<z.infer<typeof CustomerTreeResponse>>(`${CUSTOMER}/customerDynamicData`, { id }),
  search: (q: CustomerSearch) =>
    http.get<z.infer<typeof CustomerPage>>(`${CUSTOMER}/searchCustomer`, { ...q }),
  info: (id: number) => http.get<z.infer<typeof CustomerInfoResponse>>(`${CUSTOMER}/customerInfo`, { id }),
};
