import { HomeSummaryResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import {
  alarmsBlock,
  publicationsBlock,
  reviewBlock,
  storageBlock,
  terminalQuotaBlock,
  terminalsBlock,
} from "./summary";

/**
 * The home page: GET /a/api/home/summary, open to every signed-in
 * user. Each block is computed only when the caller may open the screen
 * behind it (contracts/src/home.ts names the permission of each) and is
 * absent otherwise; the blocks' queries run side by side.
 */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/a/api/home/summary",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["home"], response: { 200: HomeSummaryResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const timezone = await services.settings.get("defaultTimezone");
      const when = <T>(allowed: boolean, block: () => Promise<T>) =>
        allowed ? block() : Promise.resolve(undefined);
      const terminalView = can(actor, "terminal:device:view");
      const [terminals, alarms, review, publications, storage, terminalQuota] = await Promise.all([
        when(terminalView, () => terminalsBlock(services, actor, timezone)),
        when(can(actor, "terminal:alarm:view"), () => alarmsBlock(services, actor)),
        reviewBlock(services, actor),
        publicationsBlock(services, actor),
        when(can(actor, "content:material:view"), () => storageBlock(services, actor)),
        when(terminalView, () => terminalQuotaBlock(services, actor)),
      ]);
      return {
        timezone,
        at: services.clock.now().toISOString(),
        ...(terminals ? { terminals } : {}),
        ...(alarms ? { alarms } : {}),
        ...(review ? { review } : {}),
        ...(publications ? { publications } : {}),
        ...(storage ? { storage } : {}),
        ...(terminalQuota ? { terminalQuota } : {}),
      };
    },
  );
};
