import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Messages (issue 7): publishMessage/* production, lists, review. */
export const publishMessageRoutes: FastifyPluginAsyncZod = async () => {};
