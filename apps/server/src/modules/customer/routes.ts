import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Customers: accounts with contact, quotas and expiry (/a/api/customer/* but imgSetting). */
export const customerRoutes: FastifyPluginAsyncZod = async (_app) => {};
