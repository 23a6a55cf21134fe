import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Institutions: the office tree, statistics, moves and agent activation (/a/api/office/*). */
export const officeRoutes: FastifyPluginAsyncZod = async (_app) => {};
