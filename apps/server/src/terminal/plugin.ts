import { API_PREFIX } from "@marquee/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { TerminalHub } from "./hub";
import { terminalRoutes } from "./routes";

declare module "../platform/services" {
  interface Services {
    /** The terminals' sockets, presence, commands and bus of this process, built with the services. */
    hub: TerminalHub;
  }
}

/**
 * Terminals: starts the hub (`app.services.hub`, built with the other services, so every module can
 * send commands and push state) and registers the /t/* routes with the WebSocket gateway. On close,
 * the sockets are closed first (preClose), then the hub writes presence, fails what it still waited
 * for, and leaves the bus.
 */
export const terminalPlugin = fp(
  async (app: FastifyInstance) => {
    const { hub, storage } = app.services;
    await hub.start();
    app.addHook("onClose", () => hub.stop());
    await app.register(terminalRoutes(hub, storage), { prefix: API_PREFIX });
  },
  { name: "terminal", dependencies: ["access", "audit"] },
);
