import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Publishing (issue 7): terminal selection, publications and delivery. */
export const publishRoutes: FastifyPluginAsyncZod = async () => {};
