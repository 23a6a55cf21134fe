import type {
  CommandOutcomesResponse,
  DebugRecentResponse,
  DebugSendResponse,
  TerminalListResponse,
  TerminalSummary,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

export type DebugTerminal = Pick<TerminalSummary, "id" | "name" | "officeName" | "status">;

/** The debugging calls: terminals to choose, the opening view, raw commands and their outcomes. */
export const debugApi = {
  terminals: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof TerminalListResponse>>("/a/api/debug/terminals", { ...q }),
  recent: (terminalId: number) => http.get<DebugRecentResponse>("/a/api/debug/recent", { terminalId }),
  send: (body: { terminalId: number; name: string; args: Record<string, unknown> }) =>
    http.post<z.infer<typeof DebugSendResponse>>("/a/api/debug/send", body, {
      json: true,
      silent: true,
    }),
  results: (ids: readonly string[]) =>
    http.get<z.infer<typeof CommandOutcomesResponse>>("/a/api/debug/results", { ids: ids.join(",") }),
};
