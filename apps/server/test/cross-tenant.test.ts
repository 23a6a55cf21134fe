import { createHash } from "node:crypto";
import { PERMISSIONS, type Permission } from "@marquee/contracts";
import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alarmEngine } from "../src/modules/alarm/rules";
import { runPayPass } from "../src/modules/pay/pass";
import { type ApiRoute, needsDeclaredAccess } from "../src/platform/access";
import type { Actor } from "../src/platform/actor";
import { scope, TENANT_OWNED } from "../src/platform/tenancy";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  ROLLUP_TABLES,
  signedIn,
  type TestApp,
} from "./helpers";
import { asQuery, inputPart, partSchema, sampleObject } from "./schema-sample";
import { seedTenant, type TenantSeed } from "./tenant-seed";

/**
 * Tenants never see each other, proven for every route and every table at
 * once. Two agents, each with customers; one row in every tenant-owned table
 * (seeded from the schema: a new table is covered without a line here) for
 * the customer A1 whose users call, its sibling A2, the customer B1 of the
 * other agent and that agent AB itself. Every registered route is then
 * called by A1's reader, A1's writer and agent A's writer with every id of
 * the other tenants in every id-like field, and must neither show their
 * marks (text and numbers seeded into each of their rows) nor change any of
 * their rows (a digest per tenant and table, read through the registry).
 */

let t: TestApp;
let routes: ApiRoute[];
const seeds: Record<"a1" | "a2" | "b1" | "ab", TenantSeed | null> = {
  a1: null,
  a2: null,
  b1: null,
  ab: null,
};
const callers: Array<{ who: string; client: Client; foreign: Array<keyof typeof seeds> }> = [];
/** The ids of another tenant's rows start here: a caller's own rows never share an id with them. */
const FOREIGN_IDS_FROM = 100_000;
/** Calls made, and how long the walk took: reported by the test. */
const walked = { calls: 0, pairs: 0, ms: 0 };

const VIEW: Permission[] = PERMISSIONS.filter((p) => /:(view|export)$/.test(p));

beforeAll(async () => {
  t = await createTestApp();
  // No background pass may change rows while the walk compares them.
  await alarmEngine(t.app).stop();
  const platform = (await initSystem(t)).officeId;
  const agentA = await addOffice(t, platform, "agent", "Agent A");
  const agentB = await addOffice(t, platform, "agent", "Agent B");
  const a1 = await addOffice(t, agentA.id, "customer", "A1");
  const a2 = await addOffice(t, agentA.id, "customer", "A2");
  const b1 = await addOffice(t, agentB.id, "customer", "B1");
  await addOffice(t, a1.id, "institution", "A1 shop");
  const writer = await addUser(t, a1.id, "a1writer", [...PERMISSIONS]);
  await addUser(t, a1.id, "a1reader", VIEW);
  await addUser(t, agentA.id, "agentwriter", [...PERMISSIONS]);
  seeds.a1 = await seedTenant(t, a1.id, writer.id, "OWNA1", 7_300_000);
  // Every identity starts past the caller's rows: the other tenants' ids are theirs alone.
  const identities = await t.database.db.execute<{ t: string }>(sql`
    select c.table_name as t from information_schema.columns c
    where c.table_schema = 'public' and c.is_identity = 'YES'`);
  for (const { t: table } of identities.rows)
    await t.database.db.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), ${FOREIGN_IDS_FROM})`,
    );
  const tenant = async (officeId: number, name: string, mark: string, n: number) => {
    const user = await addUser(t, officeId, name, [...PERMISSIONS]);
    return seedTenant(t, officeId, user.id, mark, n);
  };
  seeds.a2 = await tenant(a2.id, "a2user", "ZQA2SECRET", 7_310_001);
  seeds.b1 = await tenant(b1.id, "b1user", "ZQB1SECRET", 7_320_002);
  seeds.ab = await tenant(agentB.id, "abuser", "ZQABSECRET", 7_330_003);
  callers.push(
    { who: "A1 reader", client: await signedIn(t, "a1reader", "a1readerPass1"), foreign: ["a2", "b1", "ab"] },
    { who: "A1 writer", client: await signedIn(t, "a1writer", "a1writerPass1"), foreign: ["a2", "b1", "ab"] },
    { who: "agent A", client: await signedIn(t, "agentwriter", "agentwriterPass1"), foreign: ["b1", "ab"] },
  );
  routes = t.app.apiRoutes.filter((r) => needsDeclaredAccess(r.url));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const seed = (k: keyof typeof seeds): TenantSeed => {
  const s = seeds[k];
  if (!s) throw new Error(`${k} not seeded`);
  return s;
};

/** A digest of each tenant-owned table's rows that a tenant's own user reads through the registry. */
async function digestOf(k: keyof typeof seeds): Promise<Record<string, string>> {
  const actor = (await t.app.services.actors.get(seed(k).userId)) as Actor;
  const out: Record<string, string> = {};
  for (const table of TENANT_OWNED.keys()) {
    const name = getTableName(table);
    // Derived figures: a refresh by the caller recounts every tenant's roll-ups from their unchanged rows.
    if (ROLLUP_TABLES.includes(name)) continue;
    const rows = await t.database.db
      .select()
      .from(table as PgTable)
      .where(scope(actor, table));
    const text = rows.map((r) => JSON.stringify(r)).sort();
    out[name] = `${rows.length}:${createHash("md5").update(text.join("\n")).digest("hex")}`;
  }
  return out;
}

const call = (c: Client, route: ApiRoute, input: Record<string, unknown>) => {
  const url = route.url.replace("/apm-web", "");
  return route.method === "GET"
    ? c.get(url, asQuery(input as Record<string, string>))
    : c.request(route.method as "POST", url, { json: input });
};

describe("another tenant's rows, by every route", () => {
  it("seeds a row of every tenant-owned table for every tenant", () => {
    for (const k of ["a1", "a2", "b1", "ab"] as const)
      for (const table of TENANT_OWNED.keys())
        expect(seed(k).rows.has(getTableName(table)), `${k}: ${getTableName(table)}`).toBe(true);
  });

  it("are never shown to or changed by A1's reader and writer, nor agent A", async () => {
    const foreignKeys = ["a2", "b1", "ab"] as const;
    // The background pass of paid services starts the seeded entitlements that are due: run it to the end
    // first, so that what it does on its own in the middle of the walk is not taken for the walk's doing.
    await runPayPass(t.app.services, { wait: true });
    const before = Object.fromEntries(
      await Promise.all(foreignKeys.map(async (k) => [k, await digestOf(k)])),
    );
    const started = Date.now();
    let answered = 0;
    const statuses = new Map<number, number>();
    for (const caller of callers) {
      const foreign = caller.foreign.map(seed);
      const marks = foreign.flatMap((s) => [s.mark, String(s.number)]);
      const ids = [...new Set([...foreign.flatMap((s) => [s.officeId, ...s.ids])])];
      for (const route of routes) {
        // Signing out only ends the caller's own session; it would end this walk.
        if ((route.access && "open" in route.access) || route.url.endsWith("/a/logout")) continue;
        const schema = partSchema(route, inputPart(route));
        const idLike = Object.keys(schema?.properties ?? {}).some((n) => /(^id$|Id$|Ids$)/.test(n));
        const values: Array<number | string | null> = idLike ? ids : [null];
        for (const id of values) {
          if (id !== null && typeof id === "string" && !hasStringId(schema)) continue;
          const input = schema ? sampleObject(schema, id === null ? [] : [id as number]) : {};
          const res = await call(caller.client, route, input);
          walked.calls++;
          if (id !== null) walked.pairs++;
          const where = `${caller.who}: ${route.method} ${route.url} ${JSON.stringify(input).slice(0, 200)}`;
          expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(res.statusCode, `${where}: the caller was signed out`).not.toBe(401);
          for (const mark of marks)
            expect(res.body, `${where} showed another tenant's ${mark}`).not.toContain(mark);
          if (res.statusCode === 200 || res.statusCode === 404) answered++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }
    }
    walked.ms = Date.now() - started;
    expect(answered).toBeGreaterThan(routes.length);
    for (const k of foreignKeys) {
      const after = await digestOf(k);
      const changed = Object.keys(after).filter((table) => after[table] !== before[k]?.[table]);
      expect(changed, `${k}'s rows changed`).toEqual([]);
    }
    console.info(
      `cross-tenant walk: ${routes.length} routes, ${walked.pairs} (route, foreign id) pairs, ${walked.calls} calls in ${walked.ms} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 900_000);
});

/** Whether a route's input takes a string id (terminal commands and uploads are named by text). */
function hasStringId(schema: ReturnType<typeof partSchema>): boolean {
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
    if (!/(^id$|Id$|Ids$)/.test(name)) continue;
    const types = [prop.type, ...(prop.anyOf ?? []).map((a) => a.type)].flat();
    if (types.includes("string")) return true;
  }
  return false;
}
