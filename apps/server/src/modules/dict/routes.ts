import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The dictionary (/a/api/dict/*): typed key/value lists used by forms. */
export const dictRoutes: FastifyPluginAsyncZod = async (_app) => {};
