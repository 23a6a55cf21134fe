import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MediaStorage } from "../material/storage";

/** Terminal settings and commands (issue 9): /a/api/terminalSet/*. */
export const terminalSetRoutes =
  (_storage: MediaStorage): FastifyPluginAsyncZod =>
  async (_app) => {};
