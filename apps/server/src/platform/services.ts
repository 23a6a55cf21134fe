import type pg from "pg";
import type { Logger } from "pino";
import type { StorageConfig } from "../config";
import type { Db } from "../db/client";
import { ActorCache } from "./actor";
import { ApiTokenStore } from "./api-token";
import { CaptchaService } from "./captcha";
import type { Clock } from "./deps";
import type { DataDisk } from "./disk";
import { Jobs } from "./jobs";
import { LoginKey } from "./login-key";
import { Mailer } from "./mail";
import { OfficeTree } from "./office-tree";
import type { ProcessRegistry } from "./processes";
import { ReadCache, watchWrites } from "./read-cache";
import { SessionStore } from "./session";
import { SettingsService } from "./settings";
import { createObjectStore, MediaStorage } from "./storage";
// Signed webhooks (issue 23)
import { WebhookEvents } from "./webhooks";

/** The platform's services of one server process, built by createServices. */
export interface PlatformServices {
  db: Db;
  clock: Clock;
  tree: OfficeTree;
  actors: ActorCache;
  sessions: SessionStore;
  apiTokens: ApiTokenStore;
  settings: SettingsService;
  loginKey: LoginKey;
  captcha: CaptchaService;
  mailer: Mailer;
  /** List pages and totals until their table is written (see ReadCache). */
  reads: ReadCache;
  /** This server process among those on the database, and the reaping of dead ones' work. */
  processes: ProcessRegistry;
  /** The data directory's disk: free space, the reserve, "storage full". */
  disk: DataDisk;
  /** Background jobs (pg-boss in the same database); started and stopped by buildApp. */
  jobs: Jobs;
  /** Media files: on the data disk, or in a bucket. */
  storage: MediaStorage;
  // Signed webhooks (issue 23)
  /** Webhook events: who wants what (cached), queuing in the caller's transaction, the wake-up channel. */
  webhookEvents: WebhookEvents;
}

/**
 * Every shared service of one server process, handed to the route plugins as `app.services`. The
 * services a module owns (the material processor, the terminal hub, publishing) are added to this
 * interface by declaration merging and built right after createServices in buildApp, so that the
 * platform imports no module.
 */
export interface Services extends PlatformServices {}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/** What the platform's services are built from. */
export interface ServiceDeps {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  processes: ProcessRegistry;
  disk: DataDisk;
  dataDir: string;
  /** Where stored files live (the data directory when not given). */
  storage?: StorageConfig;
  log?: Logger;
}

export async function createServices({
  db,
  pool,
  clock,
  processes,
  disk,
  dataDir,
  storage = { kind: "local", urlTtlSeconds: 300 },
  log,
}: ServiceDeps): Promise<PlatformServices> {
  const store = createObjectStore(dataDir, storage);
  // A bucket that cannot be reached stops the start with a readable reason.
  await store.check();
  const tree = new OfficeTree(db);
  const settings = new SettingsService(db, tree);
  const reads = new ReadCache();
  watchWrites(pool, reads);
  return {
    db,
    clock,
    tree,
    actors: new ActorCache(db, tree, clock),
    sessions: new SessionStore(db, clock),
    apiTokens: new ApiTokenStore(db),
    settings,
    loginKey: await LoginKey.load(db),
    captcha: new CaptchaService(db, clock),
    mailer: new Mailer(settings),
    reads,
    processes,
    disk,
    jobs: new Jobs(pool, log),
    storage: new MediaStorage(dataDir, store, storage.urlTtlSeconds),
    // Signed webhooks (issue 23)
    webhookEvents: new WebhookEvents(pool, tree, clock, log),
  };
}
