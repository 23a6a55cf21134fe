import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Menu management (/a/sys/menu/*): the server-driven menu and route tree. */
export const menuManageRoutes: FastifyPluginAsyncZod = async (_app) => {};
