import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Role } from "../config";
import type { Db } from "../db/client";
import { alive, processStart } from "../db/lock";
import { serverProcesses } from "../db/schema";
import { noticePlatformOnce } from "./notify";

/** How often a process says it lives. */
export const BEAT_MS = 5_000;
/** A process whose last beat is older than this is dead (it would have beaten twice meanwhile). */
export const STALE_AFTER_MS = 15_000;

/** What is done with the work of processes found dead (their terminals, their unfinished calls). */
export type ReapHandler = (deadIds: string[]) => Promise<void>;

/**
 * The server processes on one database (server_processes). Each registers at start, beats every
 * BEAT_MS, and leaves at a clean stop. A process that died without leaving is found dead by any other:
 * at once on the same host (its process id is gone, or names another program now), else once its beat
 * is STALE_AFTER_MS old. What it left is then handed to the reap handlers, and only after they succeed
 * is its row removed, so a reap cut short is done again by the next one.
 */
export class ProcessRegistry {
  readonly id = randomUUID();
  private readonly handlers: ReapHandler[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private reaping: Promise<string[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** This process's MARQUEE_ROLE, recorded so that others can tell whether any live process does the work. */
    readonly role: Role = "all",
  ) {}

  /** Runs `fn` with the ids of processes found dead (before their rows go). */
  onReap(fn: ReapHandler): void {
    this.handlers.push(fn);
  }

  /** Registers this process and reaps what dead ones left; then beats. */
  async start(): Promise<void> {
    await this.register();
    await this.reap();
    this.timer = setInterval(() => {
      this.beat().catch((err) => this.log.warn({ err }, "could not record that this server process lives"));
    }, BEAT_MS);
    this.timer.unref();
  }

  private async register(): Promise<void> {
    await this.db
      .insert(serverProcesses)
      .values({
        id: this.id,
        host: hostname(),
        pid: process.pid,
        pidStart: processStart(process.pid),
        role: this.role,
      })
      .onConflictDoUpdate({ target: serverProcesses.id, set: { beatAt: sql`now()` } });
  }

  private async beat(): Promise<void> {
    const beaten = await this.db
      .update(serverProcesses)
      .set({ beatAt: sql`now()` })
      .where(eq(serverProcesses.id, this.id))
      .returning({ id: serverProcesses.id });
    // Taken for dead after a long stall (and reaped): this process lives, so it says so again.
    if (!beaten.length) await this.register();
    await this.reap();
  }

  /** Finds dead processes and hands their work over; answers their ids. One reap at a time. */
  reap(): Promise<string[]> {
    this.reaping ??= this.findAndReap().finally(() => {
      this.reaping = null;
    });
    return this.reaping;
  }

  private async findAndReap(): Promise<string[]> {
    const rows = await this.db
      .select({
        id: serverProcesses.id,
        host: serverProcesses.host,
        pid: serverProcesses.pid,
        pidStart: serverProcesses.pidStart,
        stale: sql<boolean>`${serverProcesses.beatAt} < now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`,
      })
      .from(serverProcesses);
    const host = hostname();
    const dead = rows
      .filter(
        (r) => r.id !== this.id && (r.stale || (r.host === host && !sameProcessLives(r.pid, r.pidStart))),
      )
      .map((r) => r.id);
    if (!dead.length) return [];
    this.log.warn({ processes: dead }, "server processes died without stopping; taking over what they left");
    for (const handler of this.handlers) await handler(dead);
    await this.db.delete(serverProcesses).where(inArray(serverProcesses.id, dead));
    return dead;
  }

  /**
   * How many live processes run the job handlers and periodic passes (role `all` or `worker`, beaten
   * within STALE_AFTER_MS), this one included. Zero in a cluster of web nodes alone: uploads would wait
   * for processing, timed publications for their time, and roll-ups would stop. Read on `db` when given
   * (the health check's own connection).
   */
  async workersAlive(db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(serverProcesses)
      .where(
        sql`${serverProcesses.role} in ('all', 'worker') and ${serverProcesses.beatAt} >= now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`,
      );
    return row?.n ?? 0;
  }

  /** Leaves at a clean stop: nothing of this process needs reaping. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reaping?.catch(() => undefined);
    await this.db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
  }
}

/** Whether the process recorded (id and OS start time) still runs on this host. */
function sameProcessLives(pid: number, pidStart: string | null): boolean {
  if (!alive(pid)) return false;
  const now = processStart(pid);
  return now === null || pidStart === null || now === pidStart;
}

/** No live worker is told to the platform's administrators at most this often. */
const NO_WORKER_NOTICE_EVERY_MS = 24 * 3_600_000;

/**
 * On a node that does no work itself (MARQUEE_ROLE=web): when no live process does (every minute, see
 * app.ts), a warning in the log every time and a notice to the platform's administrators at most once a
 * day. Answers the count of live workers.
 */
export async function watchWorkers(
  db: Db,
  processes: ProcessRegistry,
  log: FastifyBaseLogger,
): Promise<number> {
  const workers = await processes.workersAlive();
  if (workers > 0) return workers;
  log.warn(
    "no live server process runs the jobs and periodic passes (MARQUEE_ROLE=worker or all): uploads wait for processing and timed publications for their time",
  );
  await noticePlatformOnce(db, "system.noWorker", {}, NO_WORKER_NOTICE_EVERY_MS);
  return 0;
}
