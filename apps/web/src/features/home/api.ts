import type { HomeSummaryResponse } from "@marquee/contracts";
import { http } from "../../services/http";

/** The home page's one call (contracts: home.ts). */
export const homeApi = {
  summary: () => http.get<HomeSummaryResponse>("/a/api/home/summary"),
};
