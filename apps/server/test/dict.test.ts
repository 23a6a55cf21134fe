import { LANGUAGE_COOKIE } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, dictItems, dictTypes } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";

let t: TestApp;
let admin: Client;
/** A platform user who may look at the dictionary, not change it. */
let viewer: Client;
/** A customer's user without any dictionary permission: forms still read items. */
let tenant: Client;
/** A customer's user whose role was written to carry the platform-only edit right anyway. */
let forged: Client;

type TypeOut = { id: number; code: string; name: string; builtIn: boolean; itemCount: number };

const typeByCode = async (code: string) => {
  const list = (await admin.get("/a/api/dict/typeList", { keyword: code })).json().list as TypeOut[];
  const found = list.find((x) => x.code === code);
  if (!found) throw new Error(`no type ${code}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, platform, "agent", "Agent");
  const customer = await addOffice(t, agent.id, "customer", "Customer");
  const v = await addUser(t, platform, "viewer", ["sys:dict:view"]);
  const c = await addUser(t, customer.id, "cust", []);
  const f = await addUser(t, customer.id, "forged", ["sys:dict:view", "sys:dict:edit"]);
  viewer = await signedIn(t, v.username, v.password, "en");
  tenant = await signedIn(t, c.username, c.password, "fr");
  forged = await signedIn(t, f.username, f.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("dictionary types", () => {
  it("lists the seeded built-in types with their item counts", async () => {
    const res = await admin.get("/a/api/dict/typeList");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, pageNo: 1 });
    const seeded = (body.list as TypeOut[]).filter((x) => x.builtIn);
    expect(seeded.map((x) => [x.code, x.itemCount])).toEqual([
      ["terminalModel", 4],
      ["materialType", 6],
    ]);
    const found = (await admin.get("/a/api/dict/typeList", { keyword: "MATERIAL" })).json();
    expect(found.list.map((x: TypeOut) => x.code)).toEqual(["materialType"]);
  });

  it("creates and edits a type, checking its code's format and uniqueness", async () => {
    const bad = await admin.post("/a/api/dict/typeSave", { code: "1screen", name: "Screens" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "code", message: "must start with a letter and hold 2 to 50 letters, digits or _" },
    ]);
    const tooShort = await admin.post("/a/api/dict/typeSave", { code: "s", name: "Screens" });
    expect(tooShort.statusCode).toBe(400);
    const noName = await admin.post("/a/api/dict/typeSave", { code: "screenSize", name: "  " });
    expect(noName.json().errors).toEqual([{ field: "name", message: "is required" }]);

    const created = await admin.post("/a/api/dict/typeSave", {
      code: "screenSize",
      name: "Screen sizes",
      description: "Diagonals offered for new screens",
    });
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json().type;
    expect(type).toMatchObject({ code: "screenSize", builtIn: false, itemCount: 0 });
    // A new type without a place goes after the others.
    expect(type.sort).toBeGreaterThan(2);

    // Unique regardless of case: "ScreenSize" would read as the same type.
    const dup = await admin.post("/a/api/dict/typeSave", { code: "ScreenSize", name: "Other" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([
      { field: "code", message: "A dictionary type with the code ScreenSize already exists" },
    ]);
    const clash = await admin.post("/a/api/dict/typeSave", { id: type.id, code: "terminalModel", name: "X" });
    expect(clash.statusCode).toBe(400);

    const renamed = await admin.post("/a/api/dict/typeSave", {
      id: type.id,
      code: "screenDiagonal",
      name: "Screen diagonals",
      description: "",
    });
    expect(renamed.json().type).toMatchObject({
      id: type.id,
      code: "screenDiagonal",
      description: null,
      sort: type.sort,
    });
    const missing = await admin.post("/a/api/dict/typeSave", { id: 999_999, code: "ghost", name: "Ghost" });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps built-in types: their name may change, their code and existence not", async () => {
    const model = await typeByCode("terminalModel");
    const recode = await admin.post("/a/api/dict/typeSave", { id: model.id, code: "models", name: "Models" });
    expect(recode.statusCode).toBe(400);
    expect(recode.json().errors).toEqual([
      { field: "code", message: "Terminal models is a built-in dictionary type: its code cannot change" },
    ]);
    const rename = await admin.post("/a/api/dict/typeSave", {
      id: model.id,
      code: "terminalModel",
      name: "Screen models",
    });
    expect(rename.statusCode).toBe(200);

    const before = await tableDigests(t, ["audit_logs"]);
    const del = await admin.post("/a/api/dict/typeDelete", { id: model.id });
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toBe(
      "Screen models is a built-in dictionary type: the console's forms use it, so it cannot be deleted",
    );
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
  });

  it("deletes a type with its items", async () => {
    const type = (
      await admin.post("/a/api/dict/typeSave", { code: "orientation", name: "Orientation" })
    ).json().type;
    await admin.post("/a/api/dict/itemSave", { typeId: type.id, value: "landscape", label: "Landscape" });
    await admin.post("/a/api/dict/itemSave", { typeId: type.id, value: "portrait", label: "Portrait" });
    const del = await admin.post("/a/api/dict/typeDelete", { id: type.id });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.database.db.select().from(dictTypes).where(eq(dictTypes.id, type.id))).toEqual([]);
    expect(await t.database.db.select().from(dictItems).where(eq(dictItems.typeId, type.id))).toEqual([]);
    expect((await admin.post("/a/api/dict/typeDelete", { id: type.id })).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, `dictType:${type.id}`))
      .orderBy(auditLogs.id)
      .limit(1)
      .offset(1);
    expect(row).toMatchObject({ path: "/apm-web/a/api/dict/typeDelete", result: "ok" });
  });
});

describe("dictionary items", () => {
  it("adds items with a label per language, unique values, and pages them", async () => {
    const type = (
      await admin.post("/a/api/dict/typeSave", { code: "resolution", name: "Resolutions" })
    ).json().type;
    const hd = await admin.post("/a/api/dict/itemSave", {
      typeId: type.id,
      value: "1080p",
      label: "Full HD",
      labels: { zh_CN: "全高清", fr: "Full HD (1080p)", ru: "" },
      remarks: "1920×1080",
    });
    expect(hd.statusCode, hd.body).toBe(200);
    // An empty label of a language falls back to the default one, so it is not stored.
    expect(hd.json().item).toMatchObject({
      value: "1080p",
      label: "Full HD",
      labels: { zh_CN: "全高清", fr: "Full HD (1080p)" },
      enabled: true,
      remarks: "1920×1080",
      sort: 1,
    });
    for (const [value, label] of [
      ["720p", "HD"],
      ["4k", "Ultra HD"],
    ]) {
      const r = await admin.post("/a/api/dict/itemSave", { typeId: type.id, value, label });
      expect(r.statusCode).toBe(200);
    }

    const dup = await admin.post("/a/api/dict/itemSave", { typeId: type.id, value: "1080p", label: "Again" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([
      { field: "value", message: "The value 1080p already exists in this type" },
    ]);
    const badLang = await admin.post("/a/api/dict/itemSave", {
      typeId: type.id,
      value: "8k",
      label: "8K",
      labels: { xx: "?" },
    });
    expect(badLang.statusCode).toBe(400);
    const noLabel = await admin.post("/a/api/dict/itemSave", { typeId: type.id, value: "8k", label: "" });
    expect(noLabel.json().errors).toEqual([{ field: "label", message: "is required" }]);
    // The same value in another type is fine.
    const other = await typeByCode("terminalModel");
    expect(
      (await admin.post("/a/api/dict/itemSave", { typeId: other.id, value: "1080p", label: "Odd" }))
        .statusCode,
    ).toBe(200);

    const page1 = (
      await admin.get("/a/api/dict/itemList", { typeId: type.id, pageNo: 1, pageSize: 2 })
    ).json();
    expect(page1).toMatchObject({ code: 0, total: 3, pageNo: 1, pageSize: 2 });
    expect(page1.list.map((i: { value: string }) => i.value)).toEqual(["1080p", "720p"]);
    const page2 = (
      await admin.get("/a/api/dict/itemList", { typeId: type.id, pageNo: 2, pageSize: 2 })
    ).json();
    expect(page2.list.map((i: { value: string }) => i.value)).toEqual(["4k"]);
    const search = (await admin.get("/a/api/dict/itemList", { typeId: type.id, keyword: "全高" })).json();
    expect(search.list.map((i: { value: string }) => i.value)).toEqual(["1080p"]);
    expect((await admin.get("/a/api/dict/itemList", { typeId: 999_999 })).statusCode).toBe(404);

    // Edit: the item moves first, is disabled, and keeps its value unique.
    const item4k = page2.list[0];
    const edited = await admin.post("/a/api/dict/itemSave", {
      id: item4k.id,
      typeId: type.id,
      value: "2160p",
      label: "Ultra HD",
      sort: 0,
      enabled: false,
    });
    expect(edited.json().item).toMatchObject({ id: item4k.id, value: "2160p", sort: 0, enabled: false });
    const clash = await admin.post("/a/api/dict/itemSave", {
      id: item4k.id,
      typeId: type.id,
      value: "720p",
      label: "X",
    });
    expect(clash.statusCode).toBe(400);
    // An item is edited through its own type only.
    const wrongType = await admin.post("/a/api/dict/itemSave", {
      id: item4k.id,
      typeId: other.id,
      value: "2160p",
      label: "X",
    });
    expect(wrongType.statusCode).toBe(404);
    const disabled = (await admin.get("/a/api/dict/itemList", { typeId: type.id, enabled: false })).json();
    expect(disabled.list.map((i: { value: string }) => i.value)).toEqual(["2160p"]);
  });

  it("answers forms with the enabled items of a type, labelled in the caller's language", async () => {
    const fr = (await tenant.get("/a/api/dict/items", { code: "materialType" })).json();
    expect(fr.type.code).toBe("materialType");
    expect(fr.items).toEqual([
      { value: "image", label: "Image" },
      { value: "video", label: "Vidéo" },
      { value: "audio", label: "Audio" },
      { value: "document", label: "Document" },
      { value: "web", label: "Page web" },
      { value: "stream", label: "Flux en direct" },
    ]);
    tenant.cookies.set(LANGUAGE_COOKIE, "zh_CN");
    const inChinese = (await tenant.get("/a/api/dict/items", { code: "materialType" })).json();
    tenant.cookies.set(LANGUAGE_COOKIE, "fr");
    expect(inChinese.items[1]).toEqual({ value: "video", label: "视频" });
    // The seeded type is named in the caller's language too, not by its stored English name.
    expect(fr.type.name).toBe("Types de médias");
    expect(inChinese.type.name).toBe("素材类型");

    const type = await typeByCode("resolution");
    const items = (await tenant.get("/a/api/dict/items", { code: "resolution" })).json().items;
    // The disabled 2160p is not offered; a language without its own label shows the default one.
    expect(items).toEqual([
      { value: "1080p", label: "Full HD (1080p)" },
      { value: "720p", label: "HD" },
    ]);
    expect(type.itemCount).toBe(3);

    const unknown = await tenant.get("/a/api/dict/items", { code: "noSuchType" });
    expect(unknown.statusCode).toBe(404);
    const bad = await tenant.get("/a/api/dict/items", { code: "bad code!" });
    expect(bad.statusCode).toBe(400);
  });

  it("deletes items of one type only", async () => {
    const type = await typeByCode("resolution");
    const model = await typeByCode("terminalModel");
    const list = (await admin.get("/a/api/dict/itemList", { typeId: type.id })).json().list as Array<{
      id: number;
      value: string;
    }>;
    const modelItem = (await admin.get("/a/api/dict/itemList", { typeId: model.id })).json().list[0];
    const before = await tableDigests(t, ["audit_logs"]);
    // One id of another type: nothing is deleted.
    const mixed = await admin.post("/a/api/dict/itemDelete", {
      typeId: type.id,
      ids: `${list[0]?.id},${modelItem.id}`,
    });
    expect(mixed.statusCode).toBe(404);
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);

    const ids = list.filter((i) => i.value !== "1080p").map((i) => i.id);
    const del = await admin.post("/a/api/dict/itemDelete", { typeId: type.id, ids: ids.join(",") });
    expect(del.statusCode, del.body).toBe(200);
    const left = (await admin.get("/a/api/dict/itemList", { typeId: type.id })).json().list;
    expect(left.map((i: { value: string }) => i.value)).toEqual(["1080p"]);
    // Items of a built-in type can be edited and deleted; the type stays.
    const del2 = await admin.post("/a/api/dict/itemDelete", { typeId: model.id, ids: String(modelItem.id) });
    expect(del2.statusCode).toBe(200);
  });
});

describe("who may do what", () => {
  it("lets a platform viewer read but not change the dictionary", async () => {
    expect((await viewer.get("/a/api/dict/typeList")).statusCode).toBe(200);
    const type = await typeByCode("materialType");
    expect((await viewer.get("/a/api/dict/itemList", { typeId: type.id })).statusCode).toBe(200);
    const save = await viewer.post("/a/api/dict/typeSave", { code: "viewerType", name: "Nope" });
    expect(save.statusCode).toBe(403);
    expect(save.json().msg).toBe("Request denied: you lack the permission sys:dict:edit");
    expect(
      (await viewer.post("/a/api/dict/itemSave", { typeId: type.id, value: "x1", label: "X" })).statusCode,
    ).toBe(403);
  });

  it("lets tenant users read items for their forms, and nothing else", async () => {
    const type = await typeByCode("materialType");
    expect((await tenant.get("/a/api/dict/items", { code: "terminalModel" })).statusCode).toBe(200);
    expect((await tenant.get("/a/api/dict/typeList")).statusCode).toBe(403);
    expect((await tenant.get("/a/api/dict/itemList", { typeId: type.id })).statusCode).toBe(403);
    expect((await tenant.post("/a/api/dict/typeDelete", { id: type.id })).statusCode).toBe(403);
  });

  it("refuses a tenant's changes even when its role carries the edit right", async () => {
    const type = await typeByCode("materialType");
    const before = await tableDigests(t, ["audit_logs"]);
    const calls = [
      forged.post("/a/api/dict/typeSave", { code: "tenantType", name: "Mine" }),
      forged.post("/a/api/dict/itemSave", { typeId: type.id, value: "hologram", label: "Hologram" }),
      forged.post("/a/api/dict/itemDelete", { typeId: type.id, ids: "1" }),
      forged.post("/a/api/dict/typeDelete", { id: type.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe("Request denied: only the platform's own users may use sys:dict:edit");
    }
    expect(await tableDigests(t, ["audit_logs"])).toEqual(before);
    // Reading is fine.
    expect((await forged.get("/a/api/dict/typeList")).statusCode).toBe(200);
  });
});
