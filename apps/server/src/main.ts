import type { AddressInfo } from "node:net";
import { startupBanner } from "./banner";
import { loadConfig } from "./config";
import { DataDirLockedError } from "./db/lock";
import { createLogger, logFormatFor } from "./log";
import { startServer } from "./server";

/**
 * Exit codes: 1 start or stop failed, 2 configuration invalid, 3 data directory locked by another
 * server, 4 port in use, 5 the embedded database stopped and could not be started again.
 */
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
})();
const log = createLogger(config);

try {
  const server = await startServer(config, {
    log,
    // Running on without a database helps nobody: a supervisor (systemd, docker) restarts the whole.
    onDatabaseLost: () => {
      log.fatal(
        "the embedded PostgreSQL could not be started again: exiting (code 5) for a supervisor to restart the server",
      );
      process.exit(5);
    },
  });
  const { lines, ...where } = startupBanner(config, (server.app.server.address() as AddressInfo).port);
  if (logFormatFor(config.logFormat, process.stdout) === "pretty") log.info({ banner: lines });
  else if (where.role === "worker") log.info(where, "Marquee worker is running (jobs and periodic passes)");
  else
    log.info(where, `Marquee is serving ${where.console} (API docs ${where.docs}, player ${where.player})`);
  let firstSignalAt = 0;
  const stop = async (signal: string) => {
    // npm passes one Ctrl-C on as several signals; a second one two seconds later means "now".
    if (firstSignalAt) {
      if (Date.now() - firstSignalAt > 2000) {
        log.warn("second signal: exiting without waiting");
        process.exit(1);
      }
      return;
    }
    firstSignalAt = Date.now();
    log.info({ signal }, "stopping");
    try {
      await server.stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "stop failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    log.fatal(err.message);
    process.exit(3);
  }
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    log.fatal(`Port ${config.port} is already in use; set PORT to another port.`);
    process.exit(4);
  }
  log.fatal({ err }, "start failed");
  process.exit(1);
}
