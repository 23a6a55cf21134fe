import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Issue 10 (pay): filled by the helper that builds it. */
export const payRoutes: FastifyPluginAsyncZod = async () => {};
