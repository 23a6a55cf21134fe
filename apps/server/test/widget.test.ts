import { createHash } from "node:crypto";
import type { Permission } from "@marquee/contracts";
import { WIDGET_SPECS, WIDGET_TYPES } from "@marquee/program";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materialRefs, offices } from "../src/db/schema";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const png = (color: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Uploads an image through one of the MD5-check variants (library or widget image). */
async function upload(c: Client, file: Buffer, name: string, check: string) {
  const r = (await c.get(check, { md5: md5(file), size: file.length, name })).json();
  if (r.exists) return r.material;
  const res = await c.request("POST", "/a/api/fileInfosa/uploader", {
    query: { uploadId: r.uploadId, index: 0, md5: md5(file) },
    payload: file,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().material;
}
const widgetImage = (c: Client, file: Buffer, name: string) =>
  upload(c, file, name, "/a/api/fileInfosa/uploaderWidgetImgMD5Check");

const MANAGER: Permission[] = [
  "sys:widget:view",
  "sys:widget:edit",
  "content:program:edit",
  "content:material:view",
  "content:material:upload",
  "content:material:delete",
];

interface Info {
  type: string;
  enabled: boolean;
  defaults: Record<string, unknown>;
  iconMaterialId: number | null;
  iconUrl: string | null;
  updateDate: string | null;
}

let t: TestApp;
let ann: Client;
let ed: Client;
let ben: Client;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const shop = await addOffice(t, a.id, "institution", "Shop of A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  await addUser(t, a.id, "ann", MANAGER);
  // An editor in an institution below the tenant: the tenant's choices apply to them too.
  await addUser(t, shop.id, "ed", ["content:program:edit"]);
  await addUser(t, b.id, "ben", MANAGER);
  ann = await signedIn(t, "ann", "annPass1", "en");
  ed = await signedIn(t, "ed", "edPass1", "en");
  ben = await signedIn(t, "ben", "benPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

const list = async (c: Client): Promise<Info[]> => (await c.get("/a/api/widget/list")).json().list;
const palette = async (c: Client): Promise<Info[]> => (await c.get("/a/api/widget/palette")).json().list;
const info = async (c: Client, type: string) => (await list(c)).find((w) => w.type === type) as Info;

describe("widget management", () => {
  it("lists every type of the catalogue, enabled, with the catalogue's defaults", async () => {
    const all = await list(ann);
    expect(all.map((w) => w.type)).toEqual(WIDGET_TYPES);
    for (const w of all) {
      expect(w).toMatchObject({ enabled: true, iconMaterialId: null, iconUrl: null, updateDate: null });
      if (w.type !== "countdown") expect(w.defaults).toEqual(WIDGET_SPECS[w.type as "text"].defaults());
    }
    expect((await palette(ed)).map((w) => w.type)).toEqual(WIDGET_TYPES);
  });

  it("overrides defaults, and disables a type in the tenant's palette only", async () => {
    const saved = await ann.post("/a/api/widget/save", {
      type: "weather",
      defaults: { locationName: "Milano", latitude: 45.46, longitude: 9.19, days: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const weather = await info(ann, "weather");
    expect(weather.defaults).toEqual({
      ...WIDGET_SPECS.weather.defaults(),
      locationName: "Milano",
      latitude: 45.46,
      longitude: 9.19,
      days: 5,
    });
    expect(weather.updateDate).not.toBeNull();

    expect((await ann.post("/a/api/widget/save", { type: "qrcode", enabled: false })).statusCode).toBe(200);
    expect((await info(ann, "qrcode")).enabled).toBe(false);
    // The override stays when only the switch changes.
    expect((await info(ann, "weather")).defaults.locationName).toBe("Milano");
    const edPalette = await palette(ed);
    expect(edPalette.map((w) => w.type)).not.toContain("qrcode");
    expect(edPalette.find((w) => w.type === "weather")?.defaults.locationName).toBe("Milano");

    // Another tenant is untouched.
    expect((await info(ben, "qrcode")).enabled).toBe(true);
    expect((await info(ben, "weather")).defaults.locationName).toBe(
      WIDGET_SPECS.weather.defaults().locationName,
    );
    expect((await palette(ben)).map((w) => w.type)).toContain("qrcode");

    expect((await ann.post("/a/api/widget/save", { type: "qrcode", enabled: true })).statusCode).toBe(200);
    expect((await palette(ed)).map((w) => w.type)).toContain("qrcode");
  });

  it("refuses defaults that do not fit the type, per field, and keeps the old ones", async () => {
    const res = await ann.post("/a/api/widget/save", {
      type: "weather",
      defaults: { days: 99, color: "blue", nonsense: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: "defaults.days", message: "must be at most 7" },
        { field: "defaults.color", message: "must be a colour like #1677ff, or transparent" },
        { field: "defaults", message: "unknown field nonsense" },
      ]),
    );
    expect((await info(ann, "weather")).defaults.days).toBe(5);
  });

  it("takes a widget image of the tenant as the palette image and serves it to the tenant", async () => {
    const bytes = await png("#ff8800");
    const icon = await widgetImage(ann, bytes, "sun.png");
    const saved = await ann.post("/a/api/widget/save", { type: "weather", iconMaterialId: icon.id });
    expect(saved.statusCode, saved.body).toBe(200);
    const weather = await info(ann, "weather");
    expect(weather.iconMaterialId).toBe(icon.id);
    expect(weather.iconUrl).toMatch(/^\/apm-web\/a\/api\/widget\/icon\?type=weather&v=[0-9a-f]{12}$/);

    // An editor below the tenant's office loads it too.
    const got = await ed.get((weather.iconUrl as string).replace("/apm-web", ""));
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect((await ben.get("/a/api/widget/icon", { type: "weather" })).statusCode).toBe(404);

    // The image counts as used: the material module will not delete it without force.
    const refs = await t.database.db
      .select()
      .from(materialRefs)
      .where(and(eq(materialRefs.ownerType, "widget"), eq(materialRefs.materialId, icon.id)));
    expect(refs).toHaveLength(1);
    expect((await ann.post("/a/api/material/delete", { ids: String(icon.id) })).statusCode).toBe(409);

    // A library image, or another tenant's widget image, is refused.
    const library = await upload(
      ann,
      await png("#0088ff"),
      "library.png",
      "/a/api/fileInfosa/uploaderMD5Check",
    );
    const refused = await ann.post("/a/api/widget/save", { type: "clock", iconMaterialId: library.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe("The palette image must be a widget image uploaded in your organisation");
    expect(
      (await ben.post("/a/api/widget/save", { type: "clock", iconMaterialId: icon.id })).statusCode,
    ).toBe(400);

    // Clearing it drops the reference.
    await ann.post("/a/api/widget/save", { type: "weather", iconMaterialId: null });
    expect(await info(ann, "weather")).toMatchObject({ iconMaterialId: null, iconUrl: null });
    expect((await ann.post("/a/api/material/delete", { ids: String(icon.id) })).statusCode).toBe(200);
  });

  it("lets a widget administrator without program rights upload a palette image, and nobody else", async () => {
    const office = (await t.database.db.select().from(offices).where(eq(offices.name, "Customer A")))[0];
    if (!office) throw new Error("no office");
    await addUser(t, office.id, "wanda", ["sys:widget:view", "sys:widget:edit"]);
    await addUser(t, office.id, "vic", ["sys:widget:view"]);
    const wanda = await signedIn(t, "wanda", "wandaPass1", "en");
    const vic = await signedIn(t, "vic", "vicPass1", "en");
    const query = { md5: "0".repeat(32), size: 1000, name: "icon.png" };
    expect((await wanda.get("/a/api/fileInfosa/uploaderWidgetImgMD5Check", query)).statusCode).toBe(200);
    const refused = await vic.get("/a/api/fileInfosa/uploaderWidgetImgMD5Check", query);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain("content:program:edit | sys:widget:edit");
  });
});
