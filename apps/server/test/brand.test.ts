import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, offices } from "../src/db/schema";
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

/**
 * White-label: enabling customisation, the personalised interface, brand
 * images, second-level domains and the brand a Host gets.
 * Tree: Platform → Agent A → ACME, Beta; Platform → Agent B → Other.
 */
let t: TestApp;
let admin: Client;
let platformId: number;
let agentA: { id: number };
let agentB: { id: number };
let acme: { id: number };
let beta: { id: number };
let other: { id: number };
let acmeAdmin: Client;
let agentAdmin: Client;

const png = (w = 8, h = 8, color = "#ff0000") =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const hostBrand = (host: string) => new Client(t.app, "en").get("/f/common/brand", undefined, { host });

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  agentA = await addOffice(t, platformId, "agent", "Agent A");
  agentB = await addOffice(t, platformId, "agent", "Agent B");
  acme = await addOffice(t, agentA.id, "customer", "ACME");
  beta = await addOffice(t, agentA.id, "customer", "Beta");
  other = await addOffice(t, agentB.id, "customer", "Other");
  const ca = await addUser(t, acme.id, "acmeadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  acmeAdmin = await signedIn(t, ca.username, ca.password, "en");
  const aa = await addUser(t, agentA.id, "agentadmin", [...TENANT_ADMIN_PERMISSIONS.agent]);
  agentAdmin = await signedIn(t, aa.username, aa.password, "en");
});
afterAll(async () => {
  await t?.close();
});

const personalTypeOf = async (id: number) =>
  (await t.database.db.select().from(offices).where(eq(offices.id, id)))[0]?.personalType;

describe("enable customisation (openPersonal)", () => {
  it("is the platform's: it switches an agent's or customer's personalType, audited", async () => {
    const res = await admin.post("/a/api/customer/openPersonal", { id: acme.id, personalType: 1 });
    expect(res.statusCode).toBe(200);
    expect(await personalTypeOf(acme.id)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "/a/api/customer/openPersonal"), eq(auditLogs.result, "ok")));
    expect(audit?.target).toBe(`office:${acme.id}`);

    // Form-encoded, as the spec's calls also arrive.
    const form = await admin.postForm("/a/api/customer/openPersonal", {
      id: String(beta.id),
      personalType: "0",
    });
    expect(form.statusCode).toBe(200);
    expect(await personalTypeOf(beta.id)).toBe(0);
  });

  it("refuses tenants' admins, bad values, the platform itself and unknown offices", async () => {
    for (const c of [acmeAdmin, agentAdmin]) {
      const res = await c.post("/a/api/customer/openPersonal", { id: beta.id, personalType: 1 });
      expect(res.statusCode).toBe(403);
    }
    expect(await personalTypeOf(beta.id)).toBe(0);
    const bad = await admin.post("/a/api/customer/openPersonal", { id: beta.id, personalType: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("personalType");
    const platform = await admin.post("/a/api/customer/openPersonal", { id: platformId, personalType: 1 });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().msg).toBe("Platform is not an agent or a customer");
    const missing = await admin.post("/a/api/customer/openPersonal", { id: 999_999, personalType: 1 });
    expect(missing.statusCode).toBe(404);
  });
});

describe("tenants in range (personalTenants)", () => {
  it("lists agents and customers in the caller's range, searchable, with their domain and state", async () => {
    const all = (await admin.get("/a/api/customer/personalTenants", { pageSize: 50 })).json();
    expect(all.list.map((r: { name: string }) => r.name)).toEqual([
      "Agent A",
      "ACME",
      "Beta",
      "Agent B",
      "Other",
    ]);
    expect(all.list.find((r: { id: number }) => r.id === acme.id)).toMatchObject({
      type: "customer",
      parentName: "Agent A",
      personalType: 1,
    });
    const agents = (await agentAdmin.get("/a/api/customer/personalTenants")).json();
    expect(agents.list.map((r: { name: string }) => r.name)).toEqual(["Agent A", "ACME", "Beta"]);
    expect(agents.total).toBe(3);
    const search = (await agentAdmin.get("/a/api/customer/personalTenants", { name: "bet" })).json();
    expect(search.list.map((r: { name: string }) => r.name)).toEqual(["Beta"]);
    const on = (await admin.get("/a/api/customer/personalTenants", { personalType: 1 })).json();
    expect(on.list.map((r: { name: string }) => r.name)).toEqual(["ACME"]);
    const mine = (await acmeAdmin.get("/a/api/customer/personalTenants")).json();
    expect(mine.list.map((r: { name: string }) => r.name)).toEqual(["ACME"]);

    const nobody = await addUser(t, acme.id, "nobody", []);
    const c = await signedIn(t, nobody.username, nobody.password, "en");
    expect((await c.get("/a/api/customer/personalTenants")).statusCode).toBe(403);
  });
});

describe("personalised interface", () => {
  it("refuses to edit a brand while customisation is off, saying why", async () => {
    const betaUser = await addUser(t, beta.id, "betaadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
    const c = await signedIn(t, betaUser.username, betaUser.password, "en");
    const setting = (await c.get("/a/api/customer/personalSetting")).json();
    expect(setting).toMatchObject({
      tenant: { id: beta.id, name: "Beta", personalType: 0 },
      editable: false,
    });
    const res = await c.post("/a/api/customer/savePersonalSetting", {
      officeId: beta.id,
      branding: { title: "Beta" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^Customisation is not enabled for Beta/);
    const upload = await c.post("/a/api/customer/uploadBrandImage", {
      officeId: beta.id,
      kind: "logo",
      image: dataUrl(await png()),
    });
    expect(upload.statusCode).toBe(409);
  });

  it("saves a tenant's own brand, sanitising the footer HTML and dropping empty fields", async () => {
    const res = await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
      officeId: acme.id,
      branding: {
        title: "  ACME Signage ",
        tag: "",
        themeColor: "#AA3300",
        footerLinks: [{ name: "Home", link: "https://acme.example" }],
        filing: { text: " ACME-REC-1 ", url: " https://rec.example/1 " },
        footerHtml:
          '<b>ACME</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">bad</a><a href="https://acme.example" target="_top">site</a><p style="position:fixed">p</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const own = res.json().branding;
    expect(own).toEqual({
      title: "ACME Signage",
      themeColor: "#aa3300",
      footerLinks: [{ name: "Home", link: "https://acme.example" }],
      filing: { text: "ACME-REC-1", url: "https://rec.example/1" },
      footerHtml:
        '<b>ACME</b><a target="_blank" rel="noopener noreferrer">bad</a><a href="https://acme.example" target="_blank" rel="noopener noreferrer">site</a><p>p</p>',
    });
    const [row] = await t.database.db.select().from(offices).where(eq(offices.id, acme.id));
    expect(row?.branding?.footerHtml).not.toMatch(/script|onerror|onclick|javascript|style/);

    const setting = (await acmeAdmin.get("/a/api/customer/personalSetting")).json();
    expect(setting).toMatchObject({
      tenant: { id: acme.id, type: "customer", personalType: 1, title: "ACME Signage" },
      branding: { title: "ACME Signage" },
      effective: { title: "ACME Signage", themeColor: "#aa3300" },
      editable: true,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "/a/api/customer/savePersonalSetting"), eq(auditLogs.result, "ok")));
    expect(audit).toMatchObject({ target: `office:${acme.id}`, detail: { fields: expect.any(Array) } });
  });

  it("validates colours, links and image addresses", async () => {
    const res = await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
      officeId: acme.id,
      branding: {
        themeColor: "red",
        logo: "https://tracker.example/pixel.png",
        footerLinks: [{ name: "x", link: "javascript:alert(1)" }],
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      "branding.themeColor": "must be a colour like #1677ff",
      "branding.logo": "must be an image uploaded on this page",
      "branding.footerLinks.0.link": "has the wrong format",
    });
    // A filing link needs its record number, and is an http(s) address.
    const filing = async (f: object) =>
      (
        await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
          officeId: acme.id,
          branding: { filing: f },
        })
      )
        .json()
        .errors?.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(await filing({ text: "", url: "https://rec.example" })).toEqual([
      "branding.filing.text: enter the record number the link is shown as",
    ]);
    expect(await filing({ text: "REC", url: "javascript:alert(1)" })).toEqual([
      "branding.filing.url: has the wrong format",
    ]);
    const unknown = await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
      officeId: acme.id,
      branding: { script: "x" },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await acmeAdmin.get("/a/api/customer/personalSetting")).json().branding.title).toBe(
      "ACME Signage",
    );
  });

  it("keeps each tenant to its own brand and the ones below it (404 otherwise)", async () => {
    for (const id of [beta.id, other.id, agentA.id, platformId]) {
      expect((await acmeAdmin.get("/a/api/customer/personalSetting", { officeId: id })).statusCode).toBe(404);
      const save = await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
        officeId: id,
        branding: { title: "Hijack" },
      });
      expect(save.statusCode).toBe(404);
    }
    expect((await agentAdmin.get("/a/api/customer/personalSetting", { officeId: other.id })).statusCode).toBe(
      404,
    );
    // The agent reaches its customers: ACME (enabled) can be edited by it.
    const viaAgent = await agentAdmin.get("/a/api/customer/personalSetting", { officeId: acme.id });
    expect(viaAgent.json()).toMatchObject({ tenant: { name: "ACME" }, editable: true });
  });

  it("uploads images, checked by their bytes, and serves them named by content with immutable caching", async () => {
    const bytes = await png(16, 16, "#00ff00");
    const res = await acmeAdmin.post("/a/api/customer/uploadBrandImage", {
      officeId: acme.id,
      kind: "logo",
      image: dataUrl(bytes),
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^\/apm-web\/f\/brand\/[0-9a-f]{64}\.png$/);
    const file = await t.app.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: "/apm-web/f/brand/..%2F..%2Fetc%2Fpasswd" })).statusCode,
    ).toBe(404);

    // A favicon may be an ICO file.
    const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(16, 1)]);
    const icoRes = await acmeAdmin.post("/a/api/customer/uploadBrandImage", {
      officeId: acme.id,
      kind: "favicon",
      image: dataUrl(ico, "image/x-icon"),
    });
    expect(icoRes.json().url).toMatch(/\.ico$/);

    const save = await acmeAdmin.post("/a/api/customer/savePersonalSetting", {
      officeId: acme.id,
      branding: { title: "ACME Signage", logo: url, favicon: icoRes.json().url, themeColor: "#aa3300" },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().effective.logo).toBe(url);
  });

  it("refuses fake, SVG and oversized images", async () => {
    const upload = (kind: string, image: string) =>
      acmeAdmin.post("/a/api/customer/uploadBrandImage", { officeId: acme.id, kind, image });
    const fake = await upload("logo", dataUrl(Buffer.from("<html>not an image</html>")));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors[0]).toEqual({
      field: "image",
      message: "must be a PNG, JPEG, GIF or WebP image (an ICO file also for the favicon)",
    });
    // PNG magic bytes with nothing behind them.
    const header = await upload(
      "logo",
      dataUrl(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
      ),
    );
    expect(header.statusCode).toBe(400);
    const svg = await upload(
      "logo",
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "image/svg+xml"),
    );
    expect(svg.statusCode).toBe(400);
    // An ICO only for the favicon.
    const icoLogo = await upload(
      "logo",
      dataUrl(Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(16, 1)])),
    );
    expect(icoLogo.statusCode).toBe(400);
    const big = Buffer.concat([await png(), Buffer.alloc(130 * 1024)]);
    const tooLarge = await upload("favicon", dataUrl(big));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0]).toEqual({ field: "image", message: "may be at most 128 KB" });
    const kind = await upload("banner", dataUrl(await png()));
    expect(kind.statusCode).toBe(400);
  });
});

describe("second-level domains", () => {
  it("sets a label, lower-cased, with personalType, and clears it", async () => {
    const res = await admin.post("/a/api/customer/saveDomainName", {
      id: acme.id,
      secondDomainName: "  ACME ",
      personalType: 1,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(offices).where(eq(offices.id, acme.id));
    expect(row).toMatchObject({ secondDomainName: "acme", personalType: 1 });
    expect(
      (await admin.post("/a/api/customer/saveDomainName", { id: beta.id, secondDomainName: "beta" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin.post("/a/api/customer/saveDomainName", { id: other.id, secondDomainName: "tmp" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin.post("/a/api/customer/saveDomainName", { id: other.id, secondDomainName: "" })).statusCode,
    ).toBe(200);
    const [cleared] = await t.database.db.select().from(offices).where(eq(offices.id, other.id));
    expect(cleared?.secondDomainName).toBeNull();
    const list = (await agentAdmin.get("/a/api/customer/personalTenants")).json();
    expect(list.list.find((r: { id: number }) => r.id === acme.id).secondDomainName).toBe("acme");
  });

  it("refuses bad labels, reserved names and the platform", async () => {
    for (const bad of ["-acme", "acme-", "a_b", "a.b", "ac me", "x".repeat(64), "école"]) {
      const res = await admin.post("/a/api/customer/saveDomainName", { id: beta.id, secondDomainName: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toEqual({
        field: "secondDomainName",
        message:
          "must be one DNS label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen",
      });
    }
    for (const reserved of ["www", "API", "apm-web", "localhost", "player"]) {
      const res = await admin.post("/a/api/customer/saveDomainName", {
        id: beta.id,
        secondDomainName: reserved,
      });
      expect(res.statusCode, reserved).toBe(400);
      expect(res.json().errors[0].message).toBe("is reserved for the system");
    }
    const platform = await admin.post("/a/api/customer/saveDomainName", {
      id: platformId,
      secondDomainName: "platform1",
    });
    expect(platform.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(offices).where(eq(offices.id, beta.id));
    expect(row?.secondDomainName).toBe("beta");
  });

  it("answers 409 for a label in use, naming the tenant only to a caller who may see it", async () => {
    const dup = await admin.post("/a/api/customer/saveDomainName", { id: beta.id, secondDomainName: "Acme" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe("acme is already the domain of ACME");
    expect(dup.json().errors).toEqual([
      { field: "secondDomainName", message: "acme is already the domain of ACME" },
    ]);
    // Saving a tenant's own label again is no conflict.
    expect(
      (await admin.post("/a/api/customer/saveDomainName", { id: acme.id, secondDomainName: "acme" }))
        .statusCode,
    ).toBe(200);

    // A platform user whose range is Agent B's subtree does not learn ACME's name.
    const limited = await addUser(t, platformId, "domainsb", ["sys:domainName:view", "sys:domainName:edit"], {
      dataRange: "offices",
      dataOffices: [agentB.id],
    });
    const c = await signedIn(t, limited.username, limited.password, "en");
    const hidden = await c.post("/a/api/customer/saveDomainName", { id: other.id, secondDomainName: "acme" });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().msg).toBe("acme is already the domain of another tenant");
    const check = (await c.get("/a/api/customer/checkDomainName", { name: "acme", id: other.id })).json();
    expect(check).toMatchObject({ available: false, reason: "taken" });
    expect(check.message).not.toContain("ACME");
    // Nor can it touch a tenant outside its range.
    expect(
      (await c.post("/a/api/customer/saveDomainName", { id: beta.id, secondDomainName: "zzz" })).statusCode,
    ).toBe(404);
  });

  it("is platform-only: tenants' admins can neither set nor check domains", async () => {
    for (const c of [acmeAdmin, agentAdmin]) {
      expect(
        (await c.post("/a/api/customer/saveDomainName", { id: acme.id, secondDomainName: "mine" }))
          .statusCode,
      ).toBe(403);
      expect((await c.get("/a/api/customer/checkDomainName", { name: "mine" })).statusCode).toBe(403);
    }
    // An agent still sees its own tenants' domains.
    expect((await agentAdmin.get("/a/api/customer/personalTenants")).statusCode).toBe(200);
  });

  it("checks a label for the form as it is typed", async () => {
    const check = async (name: string, id?: number) =>
      (await admin.get("/a/api/customer/checkDomainName", id ? { name, id } : { name })).json();
    expect(await check("Fresh-1")).toMatchObject({
      name: "fresh-1",
      available: true,
      reason: null,
      message: null,
    });
    expect(await check("acme")).toMatchObject({
      available: false,
      reason: "taken",
      message: "acme is already the domain of ACME",
    });
    expect(await check("acme", acme.id)).toMatchObject({ available: true });
    expect(await check("www")).toMatchObject({ available: false, reason: "reserved" });
    expect(await check("a..b")).toMatchObject({ available: false, reason: "format" });
    expect(await check("  ")).toMatchObject({ available: false, reason: "empty" });
    expect((await admin.get("/a/api/customer/checkDomainName", { name: "x", id: 999_999 })).statusCode).toBe(
      404,
    );
  });
});

describe("the brand of a Host and of a user", () => {
  it("answers the tenant's brand for its domain, merged over its parents' and the platform's", async () => {
    // The platform's brand is the installation's default; Agent A has its own tag.
    expect(
      (
        await admin.post("/a/api/customer/savePersonalSetting", {
          officeId: platformId,
          branding: {
            title: "Platform Signage",
            tag: "Platform tag",
            copyright: "© Platform",
            filing: { text: "P-REC-9" },
          },
        })
      ).statusCode,
    ).toBe(200);
    await admin.post("/a/api/customer/openPersonal", { id: agentA.id, personalType: 1 });
    expect(
      (
        await agentAdmin.post("/a/api/customer/savePersonalSetting", {
          officeId: agentA.id,
          branding: { title: "Agent A Displays", tag: "Agent tag" },
        })
      ).statusCode,
    ).toBe(200);

    const res = await hostBrand("acme.localhost:1234");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.domain).toBe("acme");
    expect(body.branding).toMatchObject({
      title: "ACME Signage",
      tag: "Agent tag",
      copyright: "© Platform",
      themeColor: "#aa3300",
    });
    expect(body.branding.logo).toMatch(/^\/apm-web\/f\/brand\/[0-9a-f]{64}\.png$/);
    expect(res.headers["cache-control"]).toBe("no-cache");

    // Beta (customisation off) shows its agent's brand, even with a title of its own stored.
    await t.database.pool.query(`update offices set branding = '{"title":"Beta own"}' where id = $1`, [
      beta.id,
    ]);
    expect((await hostBrand("BETA.signage.example")).json()).toMatchObject({
      domain: "beta",
      branding: {
        title: "Agent A Displays",
        tag: "Agent tag",
        copyright: "© Platform",
        // the filing record is inherited like the other fields
        filing: { text: "P-REC-9" },
      },
    });
    // ACME's brand, saved again without one, inherits it too.
    expect((await hostBrand("acme.localhost:1234")).json().branding.filing).toEqual({ text: "P-REC-9" });
    // Unknown labels, bare hosts and IP addresses get the platform's.
    for (const host of ["nobody.localhost:8080", "localhost:8080", "127.0.0.1:8080"]) {
      expect((await hostBrand(host)).json(), host).toMatchObject({
        domain: null,
        branding: { title: "Platform Signage", tag: "Platform tag" },
      });
    }

    // Withdrawing ACME's customisation falls back to the agent's brand at once.
    await admin.post("/a/api/customer/openPersonal", { id: acme.id, personalType: 0 });
    expect((await hostBrand("acme.localhost:1234")).json().branding.title).toBe("Agent A Displays");
    await admin.post("/a/api/customer/openPersonal", { id: acme.id, personalType: 1 });
  });

  it("answers the signed-in user's effective brand in imgSetting", async () => {
    const shop = await addOffice(t, acme.id, "institution", "ACME shop");
    const u = await addUser(t, shop.id, "acmeshop", []);
    const c = await signedIn(t, u.username, u.password, "en");
    const body = (await c.get("/a/api/customer/imgSetting")).json();
    expect(body).toMatchObject({
      code: 0,
      secondDomainName: "acme",
      personalType: 1,
      branding: { title: "ACME Signage", tag: "Agent tag", copyright: "© Platform" },
    });
    expect(body.logo).toBe(body.branding.logo);
    const platform = (await admin.get("/a/api/customer/imgSetting")).json();
    expect(platform).toMatchObject({
      secondDomainName: null,
      logo: null,
      branding: { title: "Platform Signage", copyright: "© Platform" },
    });
    const betaUser = await addUser(t, beta.id, "betauser", []);
    const b = await signedIn(t, betaUser.username, betaUser.password, "en");
    expect((await b.get("/a/api/customer/imgSetting")).json()).toMatchObject({
      secondDomainName: "beta",
      personalType: 0,
      branding: { title: "Agent A Displays" },
    });
  });
});
