import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Issue 10 (pop): filled by the helper that builds it. */
export const popRoutes: FastifyPluginAsyncZod = async () => {};
