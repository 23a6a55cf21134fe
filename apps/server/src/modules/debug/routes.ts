import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Terminal debugging (issue 9): live log and frames of one terminal, raw commands. */
export const debugRoutes: FastifyPluginAsyncZod = async (_app) => {};
