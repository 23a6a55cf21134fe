import type {
  DisassociateTerminalsResponse,
  FindRelationTerminalsResponse,
  RelationTerminalsResponse,
  StrategyListResponse,
  StrategyOutcomesResponse,
  StrategyPart,
  StrategyResponse,
} from "@marquee/contracts";
import type { StrategyDoc } from "@marquee/schedule";
import type { z } from "zod";
import { http } from "../../services/http";

/** Calls of strategies under /a/api/strategy/ (contracts/src/strategy.ts). */

const BASE = "/a/api/strategy";
const json = { json: true } as const;

export interface StrategyQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  officeId?: number;
}

export type StrategyAnswer = z.infer<typeof StrategyResponse>;
type OutcomesAnswer = z.infer<typeof StrategyOutcomesResponse>;

export interface StrategySave {
  id?: number;
  officeId: number;
  name: string;
  remarks: string | null;
  doc?: StrategyDoc;
}

export const strategyApi = {
  list: (q: StrategyQuery) => http.get<z.infer<typeof StrategyListResponse>>(`${BASE}/list`, { ...q }),
  detail: (id: number) => http.get<StrategyAnswer>(`${BASE}/strategyDetail`, { id }),
  /** Silent: the drawer shows the refusal at its fields. */
  save: (body: StrategySave) =>
    http.post<StrategyAnswer>(`${BASE}/saveStrategy`, body, { json: true, silent: true }),
  saveDoc: (id: number, doc: StrategyDoc) =>
    http.post<StrategyAnswer>(`${BASE}/saveStrategyDetails`, { id, doc }, { json: true, silent: true }),
  savePart: (id: number, part: StrategyPart, value: unknown) =>
    http.post<StrategyAnswer>(`${BASE}/saveStrategyDetail`, { id, part, value }, json),
  /** Deletes strategies; their terminals are released and told: one outcome per terminal. */
  remove: (ids: readonly number[]) => http.post<OutcomesAnswer>(`${BASE}/deleteStrategy`, { ids }, json),
  relate: (id: number, terminalIds: readonly number[]) =>
    http.post<z.infer<typeof RelationTerminalsResponse>>(
      `${BASE}/relationTerminals`,
      { id, terminalIds },
      json,
    ),
  disassociate: (id: number, terminalIds: readonly number[]) =>
    http.post<z.infer<typeof DisassociateTerminalsResponse>>(
      `${BASE}/disassociateTerminals`,
      { id, terminalIds },
      json,
    ),
  related: (q: { id: number; pageNo: number; pageSize: number; keyword?: string }) =>
    http.get<z.infer<typeof FindRelationTerminalsResponse>>(`${BASE}/findRelationTerminals`, { ...q }),
  /** Sends the settings to these related terminals, or to every related one: one outcome per terminal. */
  send: (id: number, terminalIds?: readonly number[]) =>
    http.post<OutcomesAnswer>(`${BASE}/sendStrategy`, { id, ...(terminalIds ? { terminalIds } : {}) }, json),
};
