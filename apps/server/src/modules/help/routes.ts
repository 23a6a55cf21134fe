import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** FAQ (commonProblemManager) and the customer centre (callCenter). */
export const helpRoutes: FastifyPluginAsyncZod = async (_app) => {};
