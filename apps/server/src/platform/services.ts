import type { Db } from "../db/client";
import { ActorCache } from "./actor";
import { CaptchaService } from "./captcha";
import type { Clock } from "./deps";
import type { DataDisk } from "./disk";
import { LoginKey } from "./login-key";
import { Mailer } from "./mail";
import { OfficeTree } from "./office-tree";
import type { ProcessRegistry } from "./processes";
import { ReadCache } from "./read-cache";
import { SessionStore } from "./session";
import { SettingsService } from "./settings";

/** The shared services of one server process. */
export interface Services {
  db: Db;
  clock: Clock;
  tree: OfficeTree;
  actors: ActorCache;
  sessions: SessionStore;
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
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

export async function createServices(
  db: Db,
  clock: Clock,
  processes: ProcessRegistry,
  disk: DataDisk,
): Promise<Services> {
  const tree = new OfficeTree(db);
  const settings = new SettingsService(db, tree);
  return {
    db,
    clock,
    tree,
    actors: new ActorCache(db, tree, clock),
    sessions: new SessionStore(db, clock),
    settings,
    loginKey: await LoginKey.load(db),
    captcha: new CaptchaService(db, clock),
    mailer: new Mailer(settings),
    reads: new ReadCache(),
    processes,
    disk,
  };
}
