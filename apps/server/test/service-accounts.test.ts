import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, auditLogs, roles, userRoles, users } from "../src/db/schema";
import { hashPassword } from "../src/platform/password";
import {
  addOffice,
  addUser,
  Client,
  type Client as ClientType,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

describe("service accounts", () => {
  let t: TestApp;
  let a1: { id: number };
  let b1: { id: number };
  let amy: ClientType;
  let amyId: number;
  let lena: ClientType;
  let carl: ClientType;
  let bert: ClientType;

  /** A call as a script makes it: the bearer token and nothing else. */
  const bearer = (token: string, method: "GET" | "POST", url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/apm-web${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const makeAccount = async (c: ClientType, body: Record<string, unknown>): Promise<number> =>
    ok(await c.post("/a/api/serviceAccount/save", body)).id;

  const makeToken = async (c: ClientType, serviceAccountId: number, extra: Record<string, unknown> = {}) =>
    ok(
      await c.post("/a/api/serviceAccount/tokenSave", {
        serviceAccountId,
        name: "sync",
        expiresInDays: 7,
        ...extra,
      }),
    ) as { token: string; item: { id: number; kind: string } };

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t);
    const agentA = await addOffice(t, 1, "agent", "Agent A");
    a1 = await addOffice(t, agentA.id, "customer", "Customer A1");
    const agentB = await addOffice(t, 1, "agent", "Agent B");
    b1 = await addOffice(t, agentB.id, "customer", "Customer B1");
    const u = await addUser(t, a1.id, "amy", [...TENANT_ADMIN_PERMISSIONS.customer]);
    amyId = u.id;
    amy = await signedIn(t, "amy", u.password, "en");
    const l = await addUser(t, a1.id, "lena", ["content:material:view", "sys:serviceAccount:manage"]);
    lena = await signedIn(t, "lena", l.password, "en");
    const c = await addUser(t, a1.id, "carl", ["content:material:view", "sys:user:view", "sys:user:edit"]);
    carl = await signedIn(t, "carl", c.password, "en");
    const b = await addUser(t, b1.id, "bert", [...TENANT_ADMIN_PERMISSIONS.customer]);
    bert = await signedIn(t, "bert", b.password, "en");
    ok(await amy.post("/a/api/material/saveFolder", { name: "A1 folder" }));
    ok(await bert.post("/a/api/material/saveFolder", { name: "B1 folder" }));
  });
  afterAll(async () => t?.close());

  it("is granted to the tenant administrators' built-in role", () => {
    expect(TENANT_ADMIN_PERMISSIONS.customer).toContain("sys:serviceAccount:manage");
    expect(TENANT_ADMIN_PERMISSIONS.agent).toContain("sys:serviceAccount:manage");
  });

  it("makes an account whose token acts with the account's rights only, audited as the account", async () => {
    const id = await makeAccount(amy, {
      name: "CMS sync",
      officeId: a1.id,
      permissions: ["content:material:view", "terminal:device:view"],
    });
    const list = ok(await amy.get("/a/api/serviceAccount/list"));
    const row = list.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      name: "CMS sync",
      officeName: "Customer A1",
      enabled: true,
      liveTokens: 0,
      dataRange: "subtree",
    });
    expect(row.username).toMatch(/^svc_[0-9a-f]{12}$/);
    expect(row.permissions.sort()).toEqual(["content:material:view", "terminal:device:view"]);
    // Not a person: user management neither lists nor manages it.
    const people = ok(await amy.get("/a/api/user/usereList", { pageSize: 100 }));
    expect(people.list.map((u: { id: number }) => u.id)).not.toContain(id);
    expect((await amy.get("/a/api/user/getUserInfo", { id })).statusCode).toBe(404);
    expect((await amy.post("/a/api/user/modifyPwd", { userId: id, password: "Abcdef12!x" })).statusCode).toBe(
      404,
    );

    const made = await makeToken(amy, id);
    expect(made.item.kind).toBe("service");
    expect(made.token).toMatch(/^mqt_/);
    const tree = await bearer(made.token, "GET", "/a/api/material/folderTree");
    expect(tree.statusCode, tree.body).toBe(200);
    expect(JSON.stringify(tree.json().folders)).toContain("A1 folder");
    expect(JSON.stringify(tree.json().folders)).not.toContain("B1 folder");
    expect((await bearer(made.token, "GET", "/a/api/terminal/list")).statusCode).toBe(200);
    // amy may edit materials; the account may not, so neither may its token.
    const refused = await bearer(made.token, "POST", "/a/api/material/saveFolder", { name: "no" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/content:material:edit/);
    // A token cannot manage service accounts (a console session is needed).
    expect(
      (await bearer(made.token, "POST", "/a/api/serviceAccount/save", { name: "x", officeId: a1.id }))
        .statusCode,
    ).toBe(403);

    // The list shows the token and its use; the account's own row its live count.
    const tokens = ok(await amy.get("/a/api/serviceAccount/tokenList", { serviceAccountId: id })).list;
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ id: made.item.id, state: "active", kind: "service" });
    expect(tokens[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(tokens)).not.toContain(made.token);
    expect(ok(await amy.get("/a/api/serviceAccount/list")).list[0]).toMatchObject({ liveTokens: 1 });

    // Audited: the account's creation and token by amy, and what the token did as the account.
    const audits = await t.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(50);
    expect(
      audits.find((a) => a.action === "/a/api/serviceAccount/save" && a.username === "amy"),
    ).toMatchObject({
      username: "amy",
      result: "ok",
      target: `user:${id}`,
    });
    expect(audits.find((a) => a.action === "serviceAccountTokenSave")).toMatchObject({
      username: "amy",
      target: `token:${made.item.id}`,
    });
    const byToken = audits.find((a) => a.action === "/a/api/material/saveFolder" && a.tokenId !== null);
    expect(byToken).toMatchObject({ username: row.username, tokenId: made.item.id });
    expect(byToken?.result).not.toBe("ok");

    // Revoked: the next call answers 401.
    ok(await amy.post("/a/api/serviceAccount/tokenRevoke", { serviceAccountId: id, id: made.item.id }));
    expect((await bearer(made.token, "GET", "/a/api/material/folderTree")).statusCode).toBe(401);
    expect(audits.length).toBeGreaterThan(0);
  });

  it("never holds more than its maker, nor gives a token more than the account", async () => {
    // lena lacks content:material:edit: she cannot give it.
    const more = await lena.post("/a/api/serviceAccount/save", {
      name: "too much",
      officeId: a1.id,
      permissions: ["content:material:edit"],
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().msg).toMatch(/content:material:edit/);
    // Nor a range outside hers.
    const wider = await lena.post("/a/api/serviceAccount/save", {
      name: "wide",
      officeId: a1.id,
      permissions: ["content:material:view"],
      dataRange: "offices",
      dataOffices: [b1.id],
    });
    expect(wider.statusCode).toBe(400);
    // Nor an office outside her range.
    const elsewhere = await lena.post("/a/api/serviceAccount/save", {
      name: "elsewhere",
      officeId: b1.id,
      permissions: ["content:material:view"],
    });
    expect(elsewhere.statusCode).toBe(400);
    // A platform-only permission cannot be held in a customer, whoever asks.
    const platformOnly = await amy.post("/a/api/serviceAccount/save", {
      name: "menus",
      officeId: a1.id,
      permissions: ["sys:menu:edit"],
    });
    expect([400, 403]).toContain(platformOnly.statusCode);

    // amy's account holds terminal:device:view, which lena lacks: lena sees it, but cannot make its tokens
    // or change it; she may still revoke its tokens and disable it (which only take power away).
    const id = await makeAccount(amy, {
      name: "Screens",
      officeId: a1.id,
      permissions: ["content:material:view", "terminal:device:view"],
    });
    const amyToken = await makeToken(amy, id);
    const listed = ok(await lena.get("/a/api/serviceAccount/list")).list.map((r: { id: number }) => r.id);
    expect(listed).toContain(id);
    const grow = await lena.post("/a/api/serviceAccount/tokenSave", {
      serviceAccountId: id,
      name: "mine",
      expiresInDays: 1,
    });
    expect(grow.statusCode).toBe(403);
    expect(grow.json().msg).toMatch(/terminal:device:view/);
    expect((await lena.post("/a/api/serviceAccount/save", { id, name: "renamed" })).statusCode).toBe(403);
    ok(await lena.post("/a/api/serviceAccount/tokenRevoke", { serviceAccountId: id, id: amyToken.item.id }));
    ok(await lena.post("/a/api/serviceAccount/save", { id, enabled: false }));
    // ... but not enable it again.
    expect((await lena.post("/a/api/serviceAccount/save", { id, enabled: true })).statusCode).toBe(403);

    // A token asks for at most the account's permissions.
    const own = await makeAccount(lena, {
      name: "Reader",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    const beyond = await lena.post("/a/api/serviceAccount/tokenSave", {
      serviceAccountId: own,
      name: "beyond",
      expiresInDays: 1,
      permissions: ["sys:serviceAccount:manage"],
    });
    expect(beyond.statusCode).toBe(403);
  });

  it("keeps the account's rights when its maker loses theirs, and is never more than fixed on the account", async () => {
    const x = await addUser(t, a1.id, "xena", [
      "content:material:view",
      "content:material:edit",
      "sys:serviceAccount:manage",
    ]);
    const xena = await signedIn(t, "xena", x.password, "en");
    const id = await makeAccount(xena, {
      name: "Editor bot",
      officeId: a1.id,
      permissions: ["content:material:edit"],
    });
    const { token } = await makeToken(xena, id);
    expect((await bearer(token, "POST", "/a/api/material/saveFolder", { name: "bot" })).statusCode).toBe(200);
    // xena loses content:material:edit: the account keeps what it was given (it acts as itself) ...
    await t.database.db
      .update(roles)
      .set({ permissions: ["content:material:view", "sys:serviceAccount:manage"] })
      .where(eq(roles.code, "r_xena"));
    t.app.services.actors.invalidate(x.id);
    expect((await bearer(token, "POST", "/a/api/material/saveFolder", { name: "bot2" })).statusCode).toBe(
      200,
    );
    // ... but xena can no longer make it more tokens or change it.
    expect(
      (
        await xena.post("/a/api/serviceAccount/tokenSave", {
          serviceAccountId: id,
          name: "n",
          expiresInDays: 1,
        })
      ).statusCode,
    ).toBe(403);
    // The account holds nothing beyond its own list, whatever roles exist (it holds none).
    const held = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id));
    expect(held).toEqual([]);
    expect((await bearer(token, "GET", "/a/api/terminal/list")).statusCode).toBe(403);
  });

  it("never signs in with a password, even one set behind its back", async () => {
    const id = await makeAccount(amy, {
      name: "No login",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error("no row");
    const guest = new Client(t.app, "en");
    const first = await guest.login(row.username, "whatever1A!");
    expect(first.statusCode).toBe(400);
    // Even with a real password hash written into the row, the sign-in answers like an unknown name.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword("Secret123!") })
      .where(eq(users.id, id));
    const second = await new Client(t.app, "en").login(row.username, "Secret123!");
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe(first.json().msg);
    expect(second.cookies.find((c) => c.name.toLowerCase().includes("session"))).toBeUndefined();
  });

  it("takes its tokens along when it moves to another institution", async () => {
    const inst = await addOffice(t, a1.id, "institution", "A1 branch");
    // amy's range, read before the branch existed, takes it in.
    t.app.services.actors.invalidate(amyId);
    const id = await makeAccount(amy, {
      name: "Mover",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    const { token, item } = await makeToken(amy, id);
    ok(await amy.post("/a/api/serviceAccount/save", { id, officeId: inst.id }));
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(row?.officeId).toBe(inst.id);
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    expect(ok(await amy.get("/a/api/serviceAccount/tokenList", { serviceAccountId: id })).list).toHaveLength(
      1,
    );
  });

  it("stops its tokens at once when disabled or deleted", async () => {
    const id = await makeAccount(amy, {
      name: "Kiosk",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    const { token, item } = await makeToken(amy, id);
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    ok(await amy.post("/a/api/serviceAccount/save", { id, enabled: false }));
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(401);
    // No tokens for a disabled account.
    expect(
      (
        await amy.post("/a/api/serviceAccount/tokenSave", {
          serviceAccountId: id,
          name: "n",
          expiresInDays: 1,
        })
      ).statusCode,
    ).toBe(409);
    ok(await amy.post("/a/api/serviceAccount/save", { id, enabled: true }));
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(200);
    ok(await amy.post("/a/api/serviceAccount/delete", { id }));
    expect((await bearer(token, "GET", "/a/api/material/folderTree")).statusCode).toBe(401);
    expect(await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id))).toEqual([]);
    expect((await amy.get("/a/api/serviceAccount/tokenList", { serviceAccountId: id })).statusCode).toBe(404);
  });

  it("is invisible to another tenant's administrator, who can neither see nor touch it or its tokens", async () => {
    const id = await makeAccount(amy, {
      name: "Secret bot",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    const { token, item } = await makeToken(amy, id);
    const theirs = ok(await bert.get("/a/api/serviceAccount/list", { pageSize: 100 }));
    expect(theirs.list.map((r: { id: number }) => r.id)).not.toContain(id);
    const calls: Array<[string, LightMyRequestResponse]> = [
      ["tokenList", await bert.get("/a/api/serviceAccount/tokenList", { serviceAccountId: id })],
      [
        "tokenSave",
        await bert.post("/a/api/serviceAccount/tokenSave", {
          serviceAccountId: id,
          name: "x",
          expiresInDays: 1,
        }),
      ],
      [
        "tokenRevoke",
        await bert.post("/a/api/serviceAccount/tokenRevoke", { serviceAccountId: id, id: item.id }),
      ],
      ["save", await bert.post("/a/api/serviceAccount/save", { id, enabled: false })],
      ["delete", await bert.post("/a/api/serviceAccount/delete", { id })],
    ];
    for (const [name, res] of calls) {
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).not.toContain("Secret bot");
    }
    // B's own account cannot name A's token either.
    const own = await makeAccount(bert, {
      name: "B bot",
      officeId: b1.id,
      permissions: ["content:material:view"],
    });
    expect(
      (await bert.post("/a/api/serviceAccount/tokenRevoke", { serviceAccountId: own, id: item.id }))
        .statusCode,
    ).toBe(404);
    // A's token still works, and sees nothing of B.
    const tree = await bearer(token, "GET", "/a/api/material/folderTree");
    expect(tree.statusCode).toBe(200);
    expect(JSON.stringify(tree.json())).not.toContain("B1 folder");
    // The platform's administrator above both may see it (their range holds every tenant).
    const [account] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(account?.enabled).toBe(true);
  });

  it("refuses a user without the permission (403) and bad input (400)", async () => {
    for (const res of [
      await carl.get("/a/api/serviceAccount/list"),
      await carl.post("/a/api/serviceAccount/save", {
        name: "x",
        officeId: a1.id,
        permissions: ["content:material:view"],
      }),
      await carl.post("/a/api/serviceAccount/delete", { id: amyId }),
      await carl.get("/a/api/serviceAccount/tokenList", { serviceAccountId: amyId }),
    ])
      expect(res.statusCode, res.body).toBe(403);
    for (const body of [
      { officeId: a1.id, permissions: ["content:material:view"] },
      { name: "x", officeId: a1.id },
      { name: "x", officeId: a1.id, permissions: [] },
      { name: "x", officeId: a1.id, permissions: ["no:such:permission"] },
      { name: "x", officeId: "abc", permissions: ["content:material:view"] },
      { name: "x", officeId: a1.id, permissions: ["content:material:view"], extra: 1 },
    ])
      expect((await amy.post("/a/api/serviceAccount/save", body)).statusCode, JSON.stringify(body)).toBe(400);
    const id = await makeAccount(amy, {
      name: "Inputs",
      officeId: a1.id,
      permissions: ["content:material:view"],
    });
    for (const body of [
      { serviceAccountId: id, name: "x", expiresInDays: 0 },
      { serviceAccountId: id, name: "", expiresInDays: 1 },
      { serviceAccountId: "x", name: "x", expiresInDays: 1 },
    ])
      expect((await amy.post("/a/api/serviceAccount/tokenSave", body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    // A person is no service account: 404.
    expect((await amy.get("/a/api/serviceAccount/tokenList", { serviceAccountId: amyId })).statusCode).toBe(
      404,
    );
    expect((await amy.post("/a/api/serviceAccount/delete", { id: amyId })).statusCode).toBe(404);
  });
});
