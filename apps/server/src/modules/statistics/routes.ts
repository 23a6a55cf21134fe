import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Issue 10 (statistics): filled by the helper that builds it. */
export const statisticsRoutes: FastifyPluginAsyncZod = async () => {};
