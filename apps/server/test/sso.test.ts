import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  offices,
  roles,
  ssoConfigs,
  ssoFlows,
  ssoLinks,
  userRoles,
  users,
} from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { startTestProvider, type TestProvider, throughProvider } from "./oidc-provider";

const ACME = "acme.localhost";
const BETA = "beta.localhost";
const callbackOf = (host: string) => `http://${host}/apm-web/sso/callback`;

describe("single sign-on (OpenID Connect) against a real provider", () => {
  let t: TestApp;
  let idp: TestProvider;
  let a1: { id: number };
  let b1: { id: number };
  let viewer: number;
  let editor: number;
  let acmeAdmin: Client;

  /** Signs in through the provider at `host`: the console's last redirect and the browser (client). */
  const ssoSignIn = async (host: string, finishAt = host, tamper?: (callback: URL) => void) => {
    const browser = new Client(t.app, "en");
    const start = await browser.get("/sso/start", undefined, { host });
    expect(start.statusCode, start.body).toBe(302);
    const location = String(start.headers.location);
    if (!location.startsWith("http")) return { browser, landed: location };
    const back = new URL(await throughProvider(location, callbackOf(host)));
    tamper?.(back);
    const done = await browser.get(`/sso/callback${back.search}`, undefined, { host: finishAt });
    expect(done.statusCode, done.body).toBe(302);
    return { browser, landed: String(done.headers.location) };
  };

  const isSignedIn = async (c: Client) => (await c.post("/f/common/checkIslogin")).json().isLogin as boolean;

  const saveConfig = (c: Client, body: Record<string, unknown>) => c.post("/a/api/sso/save", body);

  const baseConfig = () => ({
    enabled: true,
    label: "Acme ID",
    issuer: idp.issuer,
    clientId: "marquee-a",
    clientSecret: "secret-a-0123456789",
    scopes: "openid email profile groups",
    roleClaim: "groups",
    roleMap: [{ value: "signage-editors", roleId: editor }],
    jit: true,
    jitOfficeId: a1.id,
    jitRoleId: viewer,
    passwordLogin: true,
  });

  beforeAll(async () => {
    t = await createTestApp();
    await initSystem(t);
    await t.app.services.settings.set("ssoAllowHttp", true, null);
    idp = await startTestProvider([
      { client_id: "marquee-a", client_secret: "secret-a-0123456789", redirect_uris: [callbackOf(ACME)] },
      { client_id: "marquee-b", client_secret: "secret-b-0123456789", redirect_uris: [callbackOf(BETA)] },
    ]);
    const agentA = await addOffice(t, 1, "agent", "Agent A");
    a1 = await addOffice(t, agentA.id, "customer", "Customer A1");
    const agentB = await addOffice(t, 1, "agent", "Agent B");
    b1 = await addOffice(t, agentB.id, "customer", "Customer B1");
    const db = t.database.db;
    await db.update(offices).set({ secondDomainName: "acme" }).where(eq(offices.id, a1.id));
    await db.update(offices).set({ secondDomainName: "beta" }).where(eq(offices.id, b1.id));
    t.app.services.tree.invalidate();
    const [v] = await db
      .insert(roles)
      .values({ officeId: a1.id, code: "viewer", name: "Viewer", permissions: ["content:material:view"] })
      .returning();
    const [e] = await db
      .insert(roles)
      .values({
        officeId: a1.id,
        code: "editor",
        name: "Editor",
        permissions: ["content:material:view", "content:material:edit"],
      })
      .returning();
    viewer = v?.id ?? 0;
    editor = e?.id ?? 0;
    const admin = await addUser(t, a1.id, "acmeadmin", [
      "sys:sso:edit",
      "content:material:view",
      "content:material:edit",
    ]);
    acmeAdmin = await signedIn(t, "acmeadmin", admin.password, "en");
    const saved = await saveConfig(acmeAdmin, baseConfig());
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  it("keeps the client secret to itself and refuses a user without sys:sso:edit (403)", async () => {
    const got = await acmeAdmin.get("/a/api/sso/get", undefined, { host: ACME });
    expect(got.statusCode).toBe(200);
    expect(got.json().config.clientSecretSet).toBe(true);
    expect(got.body).not.toContain("secret-a-0123456789");
    expect(got.json().callbackUrl).toBe(callbackOf(ACME));
    // The choices of the settings screen: the tenant's own offices and the roles the caller may grant.
    expect(got.json().offices).toEqual([{ id: a1.id, name: "Customer A1" }]);
    expect(got.json().roles.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([viewer, editor]),
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "/a/api/sso/save"));
    expect(JSON.stringify(audit?.detail)).not.toContain("secret-a");
    const plain = await addUser(t, a1.id, "plainuser", ["content:material:view"]);
    const c = await signedIn(t, "plainuser", plain.password, "en");
    expect((await c.get("/a/api/sso/get")).statusCode).toBe(403);
    expect((await c.post("/a/api/sso/save", baseConfig())).statusCode).toBe(403);
  });

  it("validates: https for public issuers, roles of the tenant only, discovery tested", async () => {
    // A public address over plain http (a literal address: the test needs no name server).
    const http = await saveConfig(acmeAdmin, { ...baseConfig(), issuer: "http://93.184.215.14/realm" });
    expect(http.statusCode).toBe(400);
    expect(http.body).toContain("https");
    // The cloud's metadata service never, whatever the setting and the scheme.
    for (const issuer of [
      "http://169.254.169.254/latest",
      "https://169.254.169.254/latest",
      "https://[fe80::1]/",
    ]) {
      const metadata = await saveConfig(acmeAdmin, { ...baseConfig(), issuer });
      expect(metadata.statusCode, issuer).toBe(400);
      expect(metadata.json().msg, issuer).toContain("may not reach");
      expect((await acmeAdmin.post("/a/api/sso/test", { issuer })).statusCode, issuer).toBe(400);
    }
    const [other] = await t.database.db
      .insert(roles)
      .values({ officeId: b1.id, code: "b-viewer", name: "B viewer", permissions: ["content:material:view"] })
      .returning();
    const foreign = await saveConfig(acmeAdmin, { ...baseConfig(), jitRoleId: other?.id });
    expect(foreign.statusCode).toBe(400);
    const test = await acmeAdmin.post("/a/api/sso/test", { issuer: idp.issuer });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().issuer).toBe(idp.issuer);
    expect(test.json().authorizationEndpoint).toContain(idp.issuer);
  });

  it("keeps a tenant's provider off the server's own network unless the platform allows private addresses", async () => {
    const settings = t.app.services.settings;
    await settings.set("ssoAllowHttp", false, null);
    try {
      // A name or an address inside the network, even over https: the server's neighbours are not the tenant's.
      for (const issuer of ["https://127.0.0.1:9/", "https://10.1.2.3/", "https://localhost:9/"]) {
        const inside = await saveConfig(acmeAdmin, { ...baseConfig(), issuer });
        expect(inside.statusCode, issuer).toBe(400);
        expect(inside.json().msg, issuer).toContain("may not reach");
      }
      expect((await saveConfig(acmeAdmin, baseConfig())).json().msg).toContain("https");
      // The configuration saved while it was allowed is not used either.
      const { landed } = await ssoSignIn(ACME);
      expect(landed).toBe("/login?ssoError=providerError");
    } finally {
      await settings.set("ssoAllowHttp", true, null);
    }
  });

  it("tells the sign-in page of the tenant's host about its single sign-on, and no other host", async () => {
    const c = new Client(t.app);
    expect((await c.get("/f/common/isSysInit", undefined, { host: ACME })).json().sso).toEqual({
      label: "Acme ID",
      passwordLogin: true,
    });
    expect((await c.get("/f/common/isSysInit", undefined, { host: BETA })).json().sso).toBeNull();
    expect((await c.get("/f/common/isSysInit", undefined, { host: "localhost" })).json().sso).toBeNull();
  });

  it("creates an unknown user just in time with the default and the mapped role, in a console session", async () => {
    idp.account = {
      sub: "carol-1",
      email: "carol@acme.test",
      email_verified: true,
      name: "Carol",
      preferred_username: "carol",
      groups: ["signage-editors", "other"],
    };
    const { browser, landed } = await ssoSignIn(ACME);
    expect(landed).toBe("/login?sso=done");
    expect(await isSignedIn(browser)).toBe(true);
    const db = t.database.db;
    const [carol] = await db.select().from(users).where(eq(users.username, "carol"));
    expect(carol?.officeId).toBe(a1.id);
    expect(carol?.email).toBe("carol@acme.test");
    const held = await db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, carol?.id ?? 0));
    expect(held.map((r) => r.roleId).sort()).toEqual([viewer, editor].sort());
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "login"), eq(auditLogs.userId, carol?.id ?? 0)));
    expect(audit?.result).toBe("ok");
    expect((audit?.detail as { method?: string })?.method).toBe("sso");
    // A second sign-in finds the same user by its link.
    const again = await ssoSignIn(ACME);
    expect(again.landed).toBe("/login?sso=done");
    expect((await db.select().from(users).where(eq(users.email, "carol@acme.test"))).length).toBe(1);
    // The provider's groups decide the mapped roles again at every sign-in; the default role stays.
    const rolesOfCarol = async () =>
      (
        await db
          .select()
          .from(userRoles)
          .where(eq(userRoles.userId, carol?.id ?? 0))
      )
        .map((r) => r.roleId)
        .sort();
    idp.account = { ...idp.account, groups: ["other"] };
    expect((await ssoSignIn(ACME)).landed).toBe("/login?sso=done");
    expect(await rolesOfCarol()).toEqual([viewer]);
    idp.account = { ...idp.account, groups: ["signage-editors"] };
    expect((await ssoSignIn(ACME)).landed).toBe("/login?sso=done");
    expect(await rolesOfCarol()).toEqual([viewer, editor].sort());
  });

  it("refuses an unknown user when just-in-time creation is off, and the provider's refusal", async () => {
    expect((await saveConfig(acmeAdmin, { ...baseConfig(), jit: false, clientSecret: "" })).statusCode).toBe(
      200,
    );
    idp.account = { sub: "dan-1", email: "dan@acme.test", email_verified: true, preferred_username: "dan" };
    const { browser, landed } = await ssoSignIn(ACME);
    expect(landed).toBe("/login?ssoError=notLinked");
    expect(await isSignedIn(browser)).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.username, "dan"))).toEqual([]);
    const denied = await ssoSignIn(ACME, ACME, (u) => {
      u.searchParams.delete("code");
      u.searchParams.set("error", "access_denied");
    });
    expect(denied.landed).toBe("/login?ssoError=accessDenied");
    expect((await saveConfig(acmeAdmin, baseConfig())).statusCode).toBe(200);
  });

  it("creates nobody when the roles it would get were deleted since the configuration was saved", async () => {
    const db = t.database.db;
    const [temp] = await db
      .insert(roles)
      .values({ officeId: a1.id, code: "temp", name: "Temp", permissions: ["content:material:view"] })
      .returning();
    expect(
      (await saveConfig(acmeAdmin, { ...baseConfig(), jitRoleId: temp?.id, roleMap: [] })).statusCode,
    ).toBe(200);
    await db.delete(roles).where(eq(roles.id, temp?.id ?? 0));
    idp.account = { sub: "frank-1", preferred_username: "frank" };
    const { landed } = await ssoSignIn(ACME);
    expect(landed).toBe("/login?ssoError=noRole");
    expect(await db.select().from(users).where(eq(users.username, "frank"))).toEqual([]);
    expect((await saveConfig(acmeAdmin, baseConfig())).statusCode).toBe(200);
  });

  it("refuses a tampered or replayed state, a changed nonce and a wrong client secret", async () => {
    idp.account = {
      sub: "carol-1",
      email: "carol@acme.test",
      email_verified: true,
      preferred_username: "carol",
    };
    const tampered = await ssoSignIn(ACME, ACME, (u) => u.searchParams.set("state", "forged-state"));
    expect(tampered.landed).toBe("/login?ssoError=expired");
    expect(await isSignedIn(tampered.browser)).toBe(false);

    // Replay: the same answer a second time.
    let replayed = "";
    const first = await ssoSignIn(ACME, ACME, (u) => {
      replayed = u.search;
    });
    expect(first.landed).toBe("/login?sso=done");
    const replay = new Client(t.app, "en");
    const res = await replay.get(`/sso/callback${replayed}`, undefined, { host: ACME });
    expect(res.headers.location).toBe("/login?ssoError=expired");

    // The nonce kept for the sign-in no longer matches the ID token's.
    const db = t.database.db;
    const nonce = await ssoSignIn(ACME, ACME, () => undefined);
    expect(nonce.landed).toBe("/login?sso=done");
    const browser = new Client(t.app, "en");
    const start = await browser.get("/sso/start", undefined, { host: ACME });
    await db.update(ssoFlows).set({ nonce: "changed-nonce" });
    const back = new URL(await throughProvider(String(start.headers.location), callbackOf(ACME)));
    const done = await browser.get(`/sso/callback${back.search}`, undefined, { host: ACME });
    expect(done.headers.location).toBe("/login?ssoError=invalidResponse");
    expect(await isSignedIn(browser)).toBe(false);

    expect((await saveConfig(acmeAdmin, { ...baseConfig(), clientSecret: "wrong-secret" })).statusCode).toBe(
      200,
    );
    const wrong = await ssoSignIn(ACME);
    expect(wrong.landed).toBe("/login?ssoError=invalidResponse");
    expect((await saveConfig(acmeAdmin, baseConfig())).statusCode).toBe(200);
  });

  it("refuses an ID token for another audience, from another issuer, expired, or not signed by the provider", async () => {
    idp.account = {
      sub: "carol-1",
      email: "carol@acme.test",
      email_verified: true,
      preferred_username: "carol",
    };
    const cases: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>, boolean]> = [
      ["audience", (c) => ({ ...c, aud: "marquee-b" }), false],
      ["issuer", (c) => ({ ...c, iss: "http://127.0.0.1:1" }), false],
      ["expiry", (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 3600 }), false],
      ["signature", (c) => c, true],
    ];
    try {
      // Unchanged and signed again with the provider's key, the token is good: the rewriting itself is sound.
      idp.tamper = (c) => c;
      expect((await ssoSignIn(ACME)).landed).toBe("/login?sso=done");
      for (const [what, change, otherKey] of cases) {
        idp.tamper = change;
        idp.otherKey = otherKey;
        const { browser, landed } = await ssoSignIn(ACME);
        expect(landed, what).toBe("/login?ssoError=invalidResponse");
        expect(await isSignedIn(browser), what).toBe(false);
      }
    } finally {
      idp.tamper = null;
      idp.otherKey = false;
    }
  });

  it("refuses a provider whose discovery names another issuer", async () => {
    const url = new URL(idp.issuer);
    // The same provider reached by another name: its document says it is 127.0.0.1, not localhost.
    const other = `http://localhost:${url.port}`;
    expect((await saveConfig(acmeAdmin, { ...baseConfig(), issuer: other })).statusCode).toBe(200);
    const { landed } = await ssoSignIn(ACME);
    expect(landed).toBe("/login?ssoError=providerError");
    expect((await saveConfig(acmeAdmin, baseConfig())).statusCode).toBe(200);
  });

  it("never signs a user of tenant B in through tenant A's provider", async () => {
    const db = t.database.db;
    const bob = await addUser(t, b1.id, "bob", ["content:material:view"], { email: "bob@beta.test" });
    // A's provider vouches for B's mail address: A gets a user of its own, never B's Bob.
    idp.account = {
      sub: "bob-at-a",
      email: "bob@beta.test",
      email_verified: true,
      preferred_username: "bob",
    };
    const { browser, landed } = await ssoSignIn(ACME);
    expect(landed).toBe("/login?sso=done");
    const me = await browser.post("/a/api/user/info");
    expect(me.body).not.toContain(`"id":${bob.id},`);
    const links = await db.select().from(ssoLinks).where(eq(ssoLinks.userId, bob.id));
    expect(links).toEqual([]);
    const [made] = await db.select().from(ssoLinks).where(eq(ssoLinks.subject, "bob-at-a"));
    const [madeUser] = await db
      .select()
      .from(users)
      .where(eq(users.id, made?.userId ?? 0));
    expect(madeUser?.officeId).toBe(a1.id);
    expect(madeUser?.email).toBeNull();

    // A sign-in started at A's host cannot be finished at B's.
    const crossed = await ssoSignIn(ACME, BETA);
    expect(crossed.landed).toBe("/login?ssoError=invalidResponse");
    expect(await isSignedIn(crossed.browser)).toBe(false);
    // B has no single sign-on: its host starts none.
    const none = await ssoSignIn(BETA);
    expect(none.landed).toBe("/login?ssoError=notConfigured");
  });

  it("refuses password sign-in when the tenant turns it off, but never locks the platform's administrator out", async () => {
    const erin = await addUser(t, a1.id, "erin", ["content:material:view"]);
    expect((await saveConfig(acmeAdmin, { ...baseConfig(), passwordLogin: false })).statusCode).toBe(200);
    for (const [locale, text] of [
      ["en", 'Password sign-in is turned off for your organisation: use "Sign in with Acme ID"'],
      ["zh_CN", "您的组织已关闭密码登录：请使用“通过 Acme ID 登录”"],
    ] as const) {
      const c = new Client(t.app, locale);
      const res = await c.login("erin", erin.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(text);
      expect(await isSignedIn(c)).toBe(false);
    }
    expect((await saveConfig(acmeAdmin, baseConfig())).statusCode).toBe(200);
    expect((await new Client(t.app).login("erin", erin.password)).statusCode).toBe(200);

    // The platform turns passwords off for itself: its administrator still signs in, others do not.
    const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const staff = await addUser(t, 1, "staff", ["content:material:view"]);
    const platform = await admin.request("POST", "/a/api/sso/save", {
      json: {
        ...baseConfig(),
        jitOfficeId: null,
        jitRoleId: null,
        jit: false,
        roleMap: [],
        passwordLogin: false,
      },
    });
    expect(platform.statusCode, platform.body).toBe(200);
    const [row] = await t.database.db.select().from(ssoConfigs).where(eq(ssoConfigs.officeId, 1));
    expect(row?.passwordLogin).toBe(false);
    expect((await new Client(t.app).login(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    expect((await new Client(t.app).login("staff", staff.password)).statusCode).toBe(403);
  });
});
