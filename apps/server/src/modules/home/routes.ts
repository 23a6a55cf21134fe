import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Issue 10 (home): filled by the helper that builds it. */
export const homeRoutes: FastifyPluginAsyncZod = async () => {};
