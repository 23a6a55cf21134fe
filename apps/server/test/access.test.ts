import { PERMISSIONS, tenantMayHold } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, auditLogs, notifications, offices, users } from "../src/db/schema";
import { type ApiRoute, needsDeclaredAccess } from "../src/platform/access";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  ROLLUP_TABLES,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";
import { asQuery, inputPart, partSchema, sampleObject } from "./schema-sample";

let t: TestApp;
let guarded: ApiRoute[];
const MARK = "TENANT-A-PRIVATE";
const ids = { aUser: 0, aOffice: 0, aNotices: [] as number[], aToken: 0 };
let bAll: Client;
let nobody: Client;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", `Customer A ${MARK}`);
  const aShop = await addOffice(t, a.id, "institution", `Shop ${MARK}`);
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  const aUser = await addUser(t, aShop.id, "alice", ["sys:log:view", "sys:messageNotification:view"], {
    name: `Alice ${MARK}`,
    email: "alice@a.test",
  });
  ids.aUser = aUser.id;
  ids.aOffice = a.id;
  const notes = await t.database.db
    .insert(notifications)
    .values(
      [1, 2, 3].map((i) => ({
        userId: aUser.id,
        officeId: aShop.id,
        contentCn: `${MARK} ${i}`,
        contentEn: `${MARK} ${i}`,
      })),
    )
    .returning();
  ids.aNotices = notes.map((n) => n.id);
  // A's API token: B's calls name its id too (revoking it, above all).
  const [token] = await t.database.db
    .insert(apiTokens)
    .values({
      officeId: aShop.id,
      userId: aUser.id,
      kind: "personal",
      name: `Token ${MARK}`,
      tokenHash: "a".repeat(43),
      hint: "mqt_aaaaaa…",
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: aUser.id,
    })
    .returning();
  ids.aToken = token?.id ?? 0;
  // A's activity in the audit trail
  const alice = await signedIn(t, "alice", aUser.password);
  await alice.post("/a/api/user/saveUserInfo", { phone: "+1 555 0100" });
  await t.database.db.insert(auditLogs).values({
    officeId: aShop.id,
    userId: aUser.id,
    username: `alice ${MARK}`,
    action: "/secret",
    method: "POST",
    path: "/secret",
    target: MARK,
    result: "ok",
    status: 200,
  });

  // B: every permission there is, but only B's subtree
  await addUser(t, b.id, "bob", [...PERMISSIONS], { email: "bob@b.test" });
  bAll = await signedIn(t, "bob", "bobPass1");
  await addUser(t, b.id, "nobody", []);
  nobody = await signedIn(t, "nobody", "nobodyPass1");
  guarded = t.app.apiRoutes.filter((r) => needsDeclaredAccess(r.url));
});
afterAll(async () => {
  await t?.close();
});

const call = (c: Client, route: ApiRoute, input: Record<string, unknown> = {}) =>
  route.method === "GET"
    ? c.get(route.url.replace("/apm-web", ""), asQuery(input as Record<string, string>))
    : c.request(route.method as "POST", route.url.replace("/apm-web", ""), { json: input });

describe("every guarded route", () => {
  it("declares its access, and there are routes to walk", () => {
    expect(guarded.length).toBeGreaterThan(10);
    for (const r of guarded) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it("answers anonymous callers 401 logout (except the sign-in calls)", async () => {
    const anon = new Client(t.app);
    for (const route of guarded) {
      if (route.access && "open" in route.access) continue;
      const res = await call(anon, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ code: 401, msg: "logout" });
    }
  });

  it("answers a signed-in caller without the permission 403, in their language", async () => {
    const en = new Client(t.app, "en");
    en.cookies.set("Authorization", nobody.sessionToken ?? "");
    let checked = 0;
    for (const route of guarded) {
      if (!route.access || !("permission" in route.access || "anyOf" in route.access)) continue;
      const needed = "permission" in route.access ? route.access.permission : route.access.anyOf.join(" | ");
      const res = await call(en, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      // The caller is a tenant's user: a platform-only right is refused as such, whatever their roles.
      const platformOnly = "permission" in route.access && !tenantMayHold(route.access.permission);
      expect(res.json().msg).toBe(
        platformOnly
          ? `Request denied: only the platform's own users may use ${needed}`
          : `Request denied: you lack the permission ${needed}`,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("never lets another tenant read or change this tenant's rows", async () => {
    const protectedRows = async () => ({
      users: await t.database.db.select().from(users).where(eq(users.id, ids.aUser)),
      notices: await t.database.db.select().from(notifications).where(eq(notifications.userId, ids.aUser)),
      office: await t.database.db.select().from(offices).where(eq(offices.id, ids.aOffice)),
      tokens: await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, ids.aUser)),
    });
    const before = JSON.stringify(await protectedRows());
    const digests = await tableDigests(t, [
      "audit_logs",
      "sessions",
      "login_guards",
      "users",
      "verification_codes",
      // B's own API tokens (token/save makes one for its caller); A's are compared row by row above.
      "api_tokens",
      // Derived figures: a refresh by B recounts every tenant's roll-ups from their unchanged rows.
      ...ROLLUP_TABLES,
    ]);
    const targets = [ids.aUser, ids.aOffice, ...ids.aNotices, ids.aToken];
    let answered = 0;
    for (const route of guarded) {
      // Signing out only ends the caller's own session; it would end this walk.
      if ((route.access && "open" in route.access) || route.url.endsWith("/a/logout")) continue;
      const schema = partSchema(route, inputPart(route));
      for (const id of targets) {
        const input = schema ? sampleObject(schema, [id]) : {};
        const res = await call(bAll, route, input);
        expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        expect(res.body, `${route.method} ${route.url} leaked tenant A`).not.toContain(MARK);
        expect(res.statusCode, `${route.method} ${route.url}: B was signed out`).not.toBe(401);
        // Reached the handler: answered, or refused A's id as unknown to B (not stopped by validation).
        if (res.statusCode === 200 || res.statusCode === 404) answered++;
      }
    }
    expect(answered).toBeGreaterThan(guarded.length);
    expect(JSON.stringify(await protectedRows())).toBe(before);
    const after = await tableDigests(t, [
      "audit_logs",
      "sessions",
      "login_guards",
      "users",
      "verification_codes",
      // B's own API tokens (token/save makes one for its caller); A's are compared row by row above.
      "api_tokens",
      // Derived figures: a refresh by B recounts every tenant's roll-ups from their unchanged rows.
      ...ROLLUP_TABLES,
    ]);
    expect(after).toEqual(digests);
  });

  it("lets the platform administrator see below (the range is a subtree, not a tenant wall upwards)", async () => {
    const admin = await signedIn(t, ADMIN.username, ADMIN.password);
    const res = await admin.get("/a/api/log/ajaxScrollLog", { action: "/secret" });
    expect(res.json().list[0].target).toBe(MARK);
  });
});
