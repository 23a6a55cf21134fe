import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** White-label: personalised interface, enabling customisation, second-level domains, branding by Host. */
export const brandRoutes: FastifyPluginAsyncZod = async (_app) => {};
