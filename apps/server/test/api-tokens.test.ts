import { API_TOKEN_RATE_PER_MINUTE } from "@marquee/contracts";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, auditLogs, roles, userRoles, users } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { fetchManifest, registerTerminal } from "./terminal-helpers";

const DAY_MS = 86_400_000;

describe("API tokens", () => {
  let t: TestApp;
  let admin: Client;
  let a1: { id: number };
  let b1: { id: number };
  let alice: Client;
  let bob: Client;

  /** A call as a script makes it: the bearer token and nothing else (no cookie, no console headers). */
  const bearer = (
    token: string,
    method: "GET" | "POST",
    url: string,
    body?: unknown,
    locale?: string,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `/apm-web${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(locale ? { cookie: `language=${locale}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const makeToken = async (c: Client, body: Record<string, unknown>) => {
    const res = await c.post("/a/api/token/save", body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; item: { id: number; hint: string } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t);
    admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const agent = await addOffice(t, 1, "agent", "Agent A");
    a1 = await addOffice(t, agent.id, "customer", "Customer A1");
    const other = await addOffice(t, 1, "agent", "Agent B");
    b1 = await addOffice(t, other.id, "customer", "Customer B1");
    const u1 = await addUser(t, a1.id, "alice", [
      "content:material:view",
      "content:material:edit",
      "sys:user:view",
    ]);
    const u2 = await addUser(t, b1.id, "bob", ["content:material:view", "content:material:edit"]);
    alice = await signedIn(t, "alice", u1.password, "en");
    bob = await signedIn(t, "bob", u2.password, "en");
    // One folder each, to see whose rows a token reads.
    expect((await alice.post("/a/api/material/saveFolder", { name: "A1 folder" })).statusCode).toBe(200);
    expect((await bob.post("/a/api/material/saveFolder", { name: "B1 folder" })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it("shows the secret once, keeps only its hash, and lists tokens without it", async () => {
    const made = await makeToken(alice, { name: "deploy script", expiresInDays: 30 });
    expect(made.token).toMatch(/^mqt_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.item.hint.replace("…", ""))).toBe(true);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.item.id));
    expect(row?.tokenHash).not.toContain(made.token);
    expect(JSON.stringify(row)).not.toContain(made.token);
    const list = await alice.get("/a/api/token/list");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token);
    expect(list.json().list).toContainEqual(
      expect.objectContaining({
        id: made.item.id,
        name: "deploy script",
        state: "active",
        permissions: null,
      }),
    );
    // Another user's list does not show it.
    expect((await bob.get("/a/api/token/list")).json().list).toEqual([]);
  });

  it("acts with its owner's rights, in its owner's tenant, without the console's headers", async () => {
    const { token } = await makeToken(alice, { name: "reader", expiresInDays: 1 });
    const tree = await bearer(token, "GET", "/a/api/material/folderTree");
    expect(tree.statusCode, tree.body).toBe(200);
    const names = JSON.stringify(tree.json().folders);
    expect(names).toContain("A1 folder");
    expect(names).not.toContain("B1 folder");
    // A state change with the token needs no cross-site headers (a page cannot know the token) ...
    const saved = await bearer(token, "POST", "/a/api/material/saveFolder", { name: "by script" });
    expect(saved.statusCode, saved.body).toBe(200);
    // ... and is audited as the token.
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "/a/api/material/saveFolder"))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ username: "alice", result: "ok" });
    expect(audit?.tokenId).not.toBeNull();
    // The system log shows it.
    const log = await admin.get("/a/api/log/ajaxScrollLog", { pageSize: 50 });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().list).toContainEqual(
      expect.objectContaining({ id: audit?.id, username: "alice", tokenId: audit?.tokenId }),
    );
    // The same call with the cookie and no console headers is refused as cross-site.
    const cross = await alice.request("POST", "/a/api/material/saveFolder", {
      json: { name: "cross" },
      csrf: false,
    });
    expect(cross.statusCode).toBe(403);
  });

  it("holds only the permissions it was given, and never one its maker lacks", async () => {
    const { token } = await makeToken(alice, {
      name: "view only",
      expiresInDays: 1,
      permissions: ["content:material:view"],
    });
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    const refused = await bearer(token, "POST", "/a/api/material/saveFolder", { name: "no" }, "fr");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/content:material:edit/);

    const wider = await alice.post("/a/api/token/save", {
      name: "more",
      expiresInDays: 1,
      permissions: ["sys:role:edit"],
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().msg).toContain("sys:role:edit");
    const unknown = await alice.post("/a/api/token/save", {
      name: "x",
      expiresInDays: 1,
      permissions: ["not:a:permission"],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("loses at once what its owner loses", async () => {
    const carol = await addUser(t, a1.id, "carol", ["content:material:view"]);
    const c = await signedIn(t, "carol", carol.password, "en");
    const { token } = await makeToken(c, { name: "carol's", expiresInDays: 1 });
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    const [link] = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, carol.id));
    await t.database.db
      .update(roles)
      .set({ permissions: [] })
      .where(eq(roles.id, link?.roleId ?? 0));
    t.app.services.actors.invalidate(carol.id);
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(403);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, carol.id));
    t.app.services.actors.invalidate(carol.id);
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(401);
  });

  it("ends at once when revoked, and when it expires", async () => {
    const made = await makeToken(alice, { name: "short", expiresInDays: 2 });
    expect((await bearer(made.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    expect((await alice.post("/a/api/token/revoke", { id: made.item.id })).statusCode).toBe(200);
    const after = await bearer(made.token, "GET", "/a/api/material/folderTree");
    expect(after.statusCode).toBe(401);
    expect((await alice.get("/a/api/token/list")).json().list).toContainEqual(
      expect.objectContaining({ id: made.item.id, state: "revoked" }),
    );

    const other = await makeToken(alice, { name: "two days", expiresInDays: 2 });
    expect((await bearer(other.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    t.clock.advance(2 * DAY_MS + 1000);
    try {
      expect((await bearer(other.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(2 * DAY_MS + 1000));
    }
    // Nobody revokes another user's token, in or out of the tenant.
    const bobs = await makeToken(bob, { name: "bob's", expiresInDays: 1 });
    const foreign = await alice.post("/a/api/token/revoke", { id: bobs.item.id });
    expect(foreign.statusCode).toBe(404);
    expect((await bearer(bobs.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
  });

  it("cannot make tokens, sign out or change the password: those need a session", async () => {
    const { token } = await makeToken(alice, { name: "script", expiresInDays: 1 });
    for (const [url, body] of [
      ["/a/api/token/save", { name: "child", expiresInDays: 1 }],
      ["/a/api/token/revoke", { id: 1 }],
      ["/a/api/user/modifyPassword", { oldPassword: "x", newPassword: "y" }],
      ["/a/logout", {}],
    ] as const) {
      const res = await bearer(token, "POST", url, body, "fr");
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      if (res.statusCode === 403) expect(res.json().msg, url).toMatch(/session/);
    }
    expect(
      (await bearer(token, "POST", "/a/api/token/save", { name: "c", expiresInDays: 1 })).statusCode,
    ).toBe(403);
  });

  it("never opens a terminal's calls, and a terminal's token never opens the console's", async () => {
    const { token } = await makeToken(alice, { name: "not a screen", expiresInDays: 1 });
    const asScreen = await fetchManifest(t.app, token);
    expect(asScreen.statusCode).toBe(401);
    const screen = await registerTerminal(t.app);
    const asScript = await bearer(screen.token, "GET", "/a/api/material/folderTree");
    expect(asScript.statusCode).toBe(401);
  });

  it("narrows the data range to own rows when asked, and never widens it", async () => {
    const { token } = await makeToken(alice, { name: "mine", expiresInDays: 1, dataRange: "own" });
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    const dan = await addUser(t, a1.id, "dan", ["content:material:view"], { dataRange: "own" });
    const d = await signedIn(t, "dan", dan.password, "en");
    const wider = await d.post("/a/api/token/save", { name: "w", expiresInDays: 1, dataRange: "subtree" });
    expect(wider.statusCode).toBe(400);
    const outside = await alice.post("/a/api/token/save", {
      name: "o",
      expiresInDays: 1,
      dataRange: "offices",
      dataOffices: [b1.id],
    });
    expect(outside.statusCode).toBe(400);
  });

  it("answers 429 beyond its calls a minute, in the caller's language", async () => {
    const { token } = await makeToken(alice, { name: "busy", expiresInDays: 1 });
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= API_TOKEN_RATE_PER_MINUTE; i++)
      last = await bearer(token, "GET", "/a/api/token/list", undefined, "fr");
    expect(last?.statusCode).toBe(429);
    expect(last?.json().msg).toMatch(/secondes/);
    // Another token of the same user is not held back.
    const { token: other } = await makeToken(alice, { name: "calm", expiresInDays: 1 });
    expect((await bearer(other, "GET", "/a/api/token/list")).statusCode).toBe(200);
  });

  it("moves with its user: a user moved to another office takes their tokens along", async () => {
    const made = await makeToken(alice, { name: "moving", expiresInDays: 1 });
    const shop = await addOffice(t, a1.id, "institution", "A1 shop");
    const [me] = await t.database.db.select().from(users).where(eq(users.username, "alice"));
    const moved = await admin.post("/a/api/user/save", { id: me?.id, officeId: shop.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, me?.id ?? 0));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.officeId)).toEqual(rows.map(() => shop.id));
    expect((await bearer(made.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    expect((await admin.post("/a/api/user/save", { id: me?.id, officeId: a1.id })).statusCode).toBe(200);
  });

  it("declares the bearer scheme in the API document", async () => {
    const doc = (await admin.get("/docs/json")).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const list = doc.paths["/apm-web/a/api/material/list"];
    expect(JSON.stringify(list)).toContain("bearerAuth");
    expect(JSON.stringify(doc.paths["/apm-web/a/api/token/save"])).not.toContain("bearerAuth");
  });
});
