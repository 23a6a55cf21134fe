import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type Logger } from "pino";
import { buildApp } from "./app";
import type { Config } from "./config";
import { connect, runMigrations } from "./db/client";
import { type EmbeddedDatabase, startEmbedded } from "./db/embedded";
import { lockDataDir } from "./db/lock";
import { AlreadyInitialisedError, initialiseSystem } from "./modules/common/init";
import { type Clock, systemClock } from "./platform/deps";

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

const webDist = new URL("../../web/dist/", import.meta.url).pathname;
/** Connections waiting to be accepted (bench:recovery saw Node's default of 511 overflow). */
const LISTEN_BACKLOG = 4096;

/**
 * Starts everything on one port: the database (embedded unless DATABASE_URL),
 * migrations, the API, and the built console and player. `stop()` stops
 * accepting, lets requests finish, closes sockets, then the database.
 * `onDatabaseLost` is called when the embedded database stopped and could not
 * be started again; the data directory is unlocked by then (main.ts exits).
 */
export async function startServer(
  config: Config,
  opts: { log?: Logger; clock?: Clock; onDatabaseLost?: () => void } = {},
): Promise<RunningServer> {
  const log = opts.log ?? pino({ level: config.logLevel });
  const releaseLock = lockDataDir(config.dataDir);
  let embedded: EmbeddedDatabase | undefined;
  try {
    if (!config.databaseUrl)
      embedded = await startEmbedded(config.dataDir, log, () => {
        // Unlocked before the exit, so the start a supervisor makes next is a clean one.
        if (!opts.onDatabaseLost) return;
        releaseLock();
        opts.onDatabaseLost();
      });
    const url = config.databaseUrl ?? embedded?.url ?? "";
    const database = connect(url, config.poolSize, log, { prepareThreshold: config.prepareThreshold });
    await runMigrations(database);
    if (config.initialAdmin) {
      try {
        await initialiseSystem(database.db, {
          officeName: "Marquee",
          name: config.initialAdmin.username,
          ...config.initialAdmin,
        });
        log.info(
          { username: config.initialAdmin.username },
          "created the first administrator from the environment",
        );
      } catch (err) {
        if (!(err instanceof AlreadyInitialisedError)) throw err;
      }
    }
    const consoleDir = existsSync(path.join(webDist, "index.html")) ? webDist : undefined;
    if (!consoleDir)
      log.warn("the console is not built (apps/web/dist): run `npm run build:web`; serving the API only");
    const app = await buildApp({ config, database, clock: opts.clock ?? systemClock, log, consoleDir });
    // A fleet reconnecting after a restart opens thousands of sockets at once: a queue longer than Node's
    // default 511 keeps them from falling into SYN retries of 1, 3, 7 s (the kernel caps it at somaxconn).
    const address = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
    let stopping: Promise<void> | undefined;
    return {
      app,
      url: address,
      stop() {
        stopping ??= (async () => {
          const timer = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeoutMs);
          try {
            await app.close();
          } finally {
            clearTimeout(timer);
            await database.close().catch((err) => log.warn({ err }, "closing the pool"));
            await embedded?.stop();
            releaseLock();
          }
        })();
        return stopping;
      },
    };
  } catch (err) {
    await embedded?.stop().catch(() => undefined);
    releaseLock();
    throw err;
  }
}
