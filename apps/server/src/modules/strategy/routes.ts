import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Strategies (issue 9): /a/api/strategy/*. */
export const strategyRoutes: FastifyPluginAsyncZod = async (_app) => {};
