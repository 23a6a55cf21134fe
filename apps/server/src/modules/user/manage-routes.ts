import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** User management (/a/api/user/*): list, save, delete, roles, passwords, verification codes. */
export const userManageRoutes: FastifyPluginAsyncZod = async (_app) => {};
