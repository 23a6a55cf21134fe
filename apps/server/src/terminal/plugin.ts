import { API_PREFIX } from "@marquee/contracts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { MediaStorage } from "../platform/storage";
import { TerminalHub } from "./hub";
import { terminalRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The terminals' sockets, presence, commands and bus of this process (issue 6). */
    terminalHub: TerminalHub;
  }
}

/**
 * Terminals: the hub (decorated on the root app, so every module can send
 * commands and push state) and the /t/* routes with the WebSocket gateway.
 * On close, the sockets are closed first (preClose), then the hub writes
 * presence, fails what it still waited for, and leaves the bus.
 */
export const terminalPlugin = fp(
  async (app: FastifyInstance, opts: { storage: MediaStorage }) => {
    const hub = new TerminalHub(app.services, app.deps.database.pool, app.log);
    await hub.start();
    app.decorate("terminalHub", hub);
    app.addHook("onClose", () => hub.stop());
    await app.register(terminalRoutes(hub, opts.storage), { prefix: API_PREFIX });
  },
  { name: "terminal", dependencies: ["access", "audit"] },
);
