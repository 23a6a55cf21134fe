import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { startEmbedded } from "../src/db/embedded";
import "./provided";

/**
 * One real PostgreSQL for the API tests: the server given by DATABASE_URL, or
 * an embedded one started here. Each test file makes its own database in it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgAdminUrl", process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "marquee-test-pg-"));
  const db = await startEmbedded(dir, pino({ level: "warn" }));
  project.provide("pgAdminUrl", db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
