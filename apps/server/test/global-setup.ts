import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { connect, runMigrations } from "../src/db/client";
import { startEmbedded } from "../src/db/embedded";
import { Jobs } from "../src/platform/jobs";
import "./provided";

/**
 * One real PostgreSQL for the API tests: the server given by DATABASE_URL, or
 * an embedded one started here. Each test file makes its own database in it,
 * as a copy of a template migrated once here (with the job queue's schema), so
 * a file does not spend seconds running every migration again; a test of the
 * migrations themselves asks for an empty database.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "marquee-test-pg-"));
    const db = await startEmbedded(dir, pino({ level: "warn" }));
    adminUrl = db.url;
    stopEmbedded = async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = await makeTemplate(adminUrl);
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  return async () => {
    if (stopEmbedded) return stopEmbedded();
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`).catch(() => undefined);
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A database with every migration and the job queue's schema, copied by each test file (CREATE … TEMPLATE). */
async function makeTemplate(adminUrl: string): Promise<string> {
  const name = `t_template_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 2, pino({ level: "silent" }));
  try {
    await runMigrations(database);
    const jobs = new Jobs(database.pool, undefined);
    await jobs.start();
    await jobs.stop();
  } finally {
    await database.close();
  }
  return name;
}
