import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Issue 10 (behavior): filled by the helper that builds it. */
export const behaviorRoutes: FastifyPluginAsyncZod = async () => {};
