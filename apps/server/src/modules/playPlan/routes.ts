import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Play plans (issue 7): playPlan/* production, lists, review. */
export const playPlanRoutes: FastifyPluginAsyncZod = async () => {};
