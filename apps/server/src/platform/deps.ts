import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "../db/client";

/** A clock the tests can move; every expiry the server decides is measured with it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What the app is built from: configuration, the database, the clock. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  log?: Logger;
  /** The built console (apps/web/dist) to serve at /, when there is one. */
  consoleDir?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
