import type {
  AddressSuggestResponse,
  ClearPositionResponse,
  CommandOutcomesResponse,
  MapTerminalsResponse,
  SavePositionResponse,
  TerminalViewStatus,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** Calls of the terminal map under /a/api/terminal/ (contracts/src/position.ts). */

const BASE = "/a/api/terminal";

/** The map's filters (MapTerminalsQuery). */
export interface MapFilterValues {
  officeId?: number;
  status?: TerminalViewStatus;
  keyword?: string;
}

export type MapAnswer = z.infer<typeof MapTerminalsResponse>;
type OutcomesAnswer = z.infer<typeof CommandOutcomesResponse>;

export const positionApi = {
  terminals: (f: MapFilterValues) =>
    http.get<MapAnswer>(`${BASE}/mapTerminals`, {
      officeId: f.officeId,
      status: f.status,
      keyword: f.keyword?.trim() || undefined,
    }),
  /** Asks terminals for their position (the `position` command): one outcome per terminal. */
  askPosition: (ids: readonly number[]) =>
    http.post<OutcomesAnswer>(`${BASE}/sendGetPositionOrder`, { ids }, { json: true }),
  /** Turns the terminals' own position reports on or off (their settings): one outcome per terminal. */
  autoPosition: (ids: readonly number[], enabled: boolean) =>
    http.post<OutcomesAnswer>(`${BASE}/autoGetPosition`, { ids, enabled }, { json: true }),
  /** Places one terminal by hand. */
  savePosition: (body: { id: number; lat: number; lng: number; address?: string }) =>
    http.post<z.infer<typeof SavePositionResponse>>(`${BASE}/savePosition`, body, {
      json: true,
    }),
  clearPosition: (ids: readonly number[]) =>
    http.post<z.infer<typeof ClearPositionResponse>>(`${BASE}/clearPosition`, { ids }, { json: true }),
  /** Silent: the search box shows why nothing came (not configured, service down). */
  suggest: (q: string) =>
    http.get<z.infer<typeof AddressSuggestResponse>>(`${BASE}/addressSuggest`, { q }, { silent: true }),
};
