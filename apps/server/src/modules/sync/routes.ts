import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Synchronized broadcast (issue 9). */
export const syncRoutes: FastifyPluginAsyncZod = async (_app) => {};
