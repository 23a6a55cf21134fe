import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Role management (/a/api/role/*): roles per tenant and their permissions. */
export const roleRoutes: FastifyPluginAsyncZod = async (_app) => {};
