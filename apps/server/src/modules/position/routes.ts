import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Terminal positions and the map (issue 9). */
export const positionRoutes: FastifyPluginAsyncZod = async (_app) => {};
