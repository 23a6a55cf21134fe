import type { Permission } from "@marquee/contracts";
import { createProgram, createWidget, type ProgramDoc, type Scene, type Widget } from "@marquee/program";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentHistory, materialRefs, notifications, programs } from "../src/db/schema";
import { writeRefs } from "../src/modules/program/repo";
import { addOffice, addUser, Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { md5 } from "./media";

const png = (color: string, width = 64, height = 36) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Uploads a file in one chunk; answers the material. */
async function upload(c: Client, file: Buffer, name: string) {
  const r = (
    await c.get("/a/api/fileInfosa/uploaderMD5Check", { md5: md5(file), size: file.length, name })
  ).json();
  if (r.exists) return r.material;
  const res = await c.request("POST", "/a/api/fileInfosa/uploader", {
    query: { uploadId: r.uploadId, index: 0, md5: md5(file) },
    payload: file,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().material;
}

const SIZE = { width: 1920, height: 1080 };

/** A one-scene program with these widgets on a coloured background. */
function docWith(widgets: Widget[], color = "#ff0000"): ProgramDoc {
  const doc = createProgram(SIZE, "Main");
  doc.background = { kind: "color", color };
  const scene = doc.scenes[0] as Scene;
  scene.background = { kind: "color", color };
  scene.widgets = widgets;
  return doc;
}

function imageWidget(materialId: number): Widget {
  const w = createWidget("image", SIZE);
  return { ...w, x: 0, y: 0, w: 960, h: 540, props: { ...w.props, materialId, fit: "fill" } };
}

const PROGRAM_RIGHTS: Permission[] = [
  "content:program:view",
  "content:program:edit",
  "content:program:delete",
  "content:program:review",
  "content:material:view",
  "content:material:upload",
  "content:material:edit",
  "content:material:delete",
];

let t: TestApp;
let amy: Client;
let amy2: Client;
let bob: Client;
let amyId: number;
let poster: { id: number; name: string };
let banner: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  amyId = (await addUser(t, a.id, "amy", PROGRAM_RIGHTS)).id;
  await addUser(t, a.id, "amy2", PROGRAM_RIGHTS);
  await addUser(t, b.id, "bob", PROGRAM_RIGHTS);
  amy = await signedIn(t, "amy", "amyPass1", "en");
  amy2 = await signedIn(t, "amy2", "amy2Pass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  poster = await upload(amy, await png("#0000ff"), "poster.png");
  banner = await upload(amy, await png("#00ff00"), "banner.png");
});
afterAll(async () => {
  await t?.close();
});

const save = (c: Client, body: Record<string, unknown>) => c.post("/a/api/program/save", body);
const refsOf = (programId: number) =>
  t.database.db
    .select()
    .from(materialRefs)
    .where(and(eq(materialRefs.ownerType, "program"), eq(materialRefs.ownerId, programId)));
const programCount = async () => (await t.database.db.select().from(programs)).length;

describe("saving programs", () => {
  it("creates a draft, reads it back with its media, and saves new versions", async () => {
    const doc = docWith([imageWidget(poster.id)]);
    const created = await save(amy, { name: "Lobby", doc });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ code: 0, version: 1, state: "draft" });
    const id = created.json().id;

    const detail = (await amy.get("/a/api/program/detail", { id })).json();
    expect(detail.doc).toEqual(doc);
    expect(detail.program).toMatchObject({
      id,
      name: "Lobby",
      width: 1920,
      height: 1080,
      state: "draft",
      version: 1,
      sceneCount: 1,
      widgetCount: 1,
      creatorName: "amy",
      updatedByName: "amy",
    });
    expect(detail.program.mediaBytes).toBeGreaterThan(0);
    expect(detail.materials).toHaveLength(1);
    expect(detail.materials[0]).toMatchObject({
      id: poster.id,
      name: "poster.png",
      fileUrl: `/apm-web/a/api/fileInfosa/getFile?id=${poster.id}`,
    });

    const doc2 = docWith([imageWidget(poster.id), imageWidget(banner.id)]);
    const updated = await save(amy, { id, version: 1, name: "Lobby 2", doc: doc2 });
    expect(updated.json()).toMatchObject({ id, version: 2, state: "draft" });
    const again = (await amy.get("/a/api/program/detail", { id })).json();
    expect(again.doc).toEqual(doc2);
    expect(again.program).toMatchObject({ name: "Lobby 2", version: 2, widgetCount: 2 });
    expect(again.materials.map((m: { id: number }) => m.id).sort()).toEqual([poster.id, banner.id].sort());
  });

  it("refuses a stale version with 409 and who saved when, then overwrites when forced", async () => {
    const id = (await save(amy, { name: "Shared", doc: docWith([]) })).json().id;
    expect(
      (await save(amy2, { id, version: 1, name: "Shared", doc: docWith([], "#222222") })).statusCode,
    ).toBe(200);
    // The list names who created it and who saved it last, each from its own column.
    const listed = (await amy.get("/a/api/program/list", { name: "Shared" })).json();
    expect(listed.list).toEqual([expect.objectContaining({ id, creatorName: "amy", updatedByName: "amy2" })]);
    const stale = await save(amy, { id, version: 1, name: "Shared", doc: docWith([], "#333333") });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 409,
      msg: "Program Shared was saved by someone else after you opened it (now version 2)",
      current: { version: 2, updatedByName: "amy2" },
    });
    expect(Number.isNaN(Date.parse(stale.json().current.updateDate))).toBe(false);
    const forced = await save(amy, {
      id,
      version: 1,
      force: true,
      name: "Shared",
      doc: docWith([], "#333333"),
    });
    expect(forced.json()).toMatchObject({ version: 3 });
    const detail = (await amy.get("/a/api/program/detail", { id })).json();
    expect(detail.doc.background.color).toBe("#333333");
    expect(detail.program.updatedByName).toBe("amy");
  });

  it("refuses media of another tenant, under review, or of the wrong type, naming them, and writes nothing", async () => {
    const foreign = await upload(bob, await png("#123456"), "bobs.png");
    const before = await programCount();

    const other = await save(amy, { name: "Foreign", doc: docWith([imageWidget(foreign.id)]) });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe(
      `These materials do not exist or are outside your data range: ${foreign.id}`,
    );
    expect(other.json().errors).toEqual([
      {
        field: "doc.scenes.0.widgets.0.props.materialId",
        message: expect.stringContaining(String(foreign.id)),
      },
    ]);

    await t.app.services.settings.set("audit", true, null);
    const pending = await upload(amy, await png("#654321"), "pending.png");
    await t.app.services.settings.set("audit", false, null);
    expect(pending.reviewState).toBe("pending");
    const waiting = await save(amy, { name: "Waiting", doc: docWith([imageWidget(pending.id)]) });
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().msg).toBe("Material pending.png cannot be used yet (review state: Pending review)");

    const web = (
      await amy.post("/a/api/material/addUrl", {
        name: "News site",
        type: "web",
        url: "https://example.com/news",
      })
    ).json().material;
    const wrong = await save(amy, { name: "Wrong", doc: docWith([imageWidget(web.id)]) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe("Material News site is a web page, but this place takes an image");

    const bg = docWith([]);
    bg.background = { kind: "video", materialId: poster.id, fit: "cover", color: "#000000" };
    expect((await save(amy, { name: "Bg", doc: bg })).json().msg).toBe(
      "Material poster.png is an image, but this place takes a video",
    );
    expect(await programCount()).toBe(before);

    // A web widget takes a web material, or an address typed in.
    const page = createWidget("web", SIZE);
    const withMaterial = { ...page, props: { ...page.props, materialId: web.id } };
    const withUrl = { ...page, id: "typed", props: { ...page.props, url: "https://example.com/menu" } };
    const ok = await save(amy, { name: "Pages", doc: docWith([withMaterial, withUrl]) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("answers a document's own errors per field, in sentences", async () => {
    const doc = docWith([]) as unknown as { scenes: Array<{ kind: string; background: { color: string } }> };
    (doc.scenes[0] as { kind: string }).kind = "popup";
    (doc.scenes[0] as { background: { color: string } }).background.color = "red";
    const res = await save(amy, { name: "Broken", doc });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: "doc.scenes.0.background.color", message: "must be a colour like #1677ff, or transparent" },
        { field: "doc.scenes", message: "needs at least one main scene" },
      ]),
    );
  });

  it("keeps the program's material references, replaces them on save, and they stop a material's deletion", async () => {
    const spare = await upload(amy, await png("#abcdef"), "spare.png");
    const id = (await save(amy, { name: "Refs", doc: docWith([imageWidget(spare.id)]) })).json().id;
    expect((await refsOf(id)).map((r) => [r.materialId, r.ownerName])).toEqual([[spare.id, "Refs"]]);

    const refused = await amy.post("/a/api/material/delete", { ids: String(spare.id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().usedBy).toEqual([{ materialId: spare.id, type: "program", id, name: "Refs" }]);

    await save(amy, { id, version: 1, name: "Refs", doc: docWith([imageWidget(banner.id)]) });
    expect((await refsOf(id)).map((r) => r.materialId)).toEqual([banner.id]);
    expect((await amy.post("/a/api/material/delete", { ids: String(spare.id) })).statusCode).toBe(200);

    expect((await amy.post("/a/api/program/rename", { id, name: "Refs renamed" })).statusCode).toBe(200);
    expect((await refsOf(id)).map((r) => r.ownerName)).toEqual(["Refs renamed"]);
    const detail = (await amy.get("/a/api/program/detail", { id })).json();
    expect(detail.program).toMatchObject({ name: "Refs renamed", version: 2 });
  });
});

describe("the program list", () => {
  it("filters by name, size, state and creator, sorts and pages, inside the data range", async () => {
    const portrait = createProgram({ width: 1080, height: 1920 });
    const names = ["Menu 50% off", "Menu 5 items", "Window menu"];
    const ids: number[] = [];
    for (const name of names) ids.push((await save(amy2, { name, doc: docWith([]) })).json().id);
    ids.push((await save(amy2, { name: "Tall menu", doc: portrait })).json().id);

    const list = (q: Record<string, string | number>) =>
      amy.get("/a/api/program/list", q).then((r) => r.json());
    expect((await list({ name: "50%" })).list.map((p: { name: string }) => p.name)).toEqual(["Menu 50% off"]);
    const menus = await list({ name: "MENU", sort: "name", order: "asc" });
    expect(menus.list.map((p: { name: string }) => p.name)).toEqual([
      "Menu 5 items",
      "Menu 50% off",
      "Tall menu",
      "Window menu",
    ]);
    expect(
      (await list({ name: "menu", width: 1080, height: 1920 })).list.map((p: { id: number }) => p.id),
    ).toEqual([ids[3]]);
    const page2 = await list({ name: "menu", sort: "name", order: "asc", pageSize: 3, pageNo: 2 });
    expect(page2).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
    expect(page2.list.map((p: { name: string }) => p.name)).toEqual(["Window menu"]);
    // A page past the end has no rows and still the filter's total.
    expect(await list({ name: "menu", pageSize: 3, pageNo: 5 })).toMatchObject({
      list: [],
      total: 4,
      pageNo: 5,
    });

    const amy2Id = menus.list[0].creatorId;
    expect((await list({ creatorId: amy2Id, pageSize: 100 })).total).toBe(4);
    expect((await list({ creatorId: amyId, name: "menu" })).total).toBe(0);
    expect((await list({ state: "approved", name: "menu" })).total).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list({ name: "menu", beginTime: future })).total).toBe(0);
    expect((await list({ name: "menu", endTime: future })).total).toBe(4);
    expect(menus.list[0].thumbUrl).toMatch(/^\/apm-web\/a\/api\/program\/thumb\?id=\d+&v=1$/);

    // Another tenant sees none of it and can touch none of it.
    const theirs = (await bob.get("/a/api/program/list", { pageSize: 100 })).json();
    expect(theirs.list.map((p: { name: string }) => p.name)).not.toContain("Window menu");
    const id = ids[0] as number;
    expect((await bob.get("/a/api/program/detail", { id })).statusCode).toBe(404);
    expect((await bob.get("/a/api/program/thumb", { id })).statusCode).toBe(404);
    expect((await bob.get("/a/api/program/history", { id })).statusCode).toBe(404);
    expect((await bob.get("/a/api/program/export", { id })).statusCode).toBe(404);
    expect((await save(bob, { id, version: 1, name: "Mine now", doc: docWith([]) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/program/copy", { id })).statusCode).toBe(404);
    expect((await bob.post("/a/api/program/rename", { id, name: "x" })).statusCode).toBe(404);
    expect((await bob.post("/a/api/program/delete", { ids: String(id) })).statusCode).toBe(404);
    expect((await bob.post("/a/api/program/submit", { ids: String(id) })).statusCode).toBe(404);
    const detail = (await amy.get("/a/api/program/detail", { id })).json();
    expect(detail.program).toMatchObject({ name: "Menu 50% off", version: 1 });
  });
});

describe("copy and delete", () => {
  it("copies a program deeply: a new draft with its own references and thumbnail", async () => {
    const doc = docWith([imageWidget(poster.id)]);
    const id = (await save(amy, { name: "Original", doc })).json().id;
    await amy.post("/a/api/program/submit", { ids: String(id) });
    const copy = await amy.post("/a/api/program/copy", { id });
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = copy.json().id;
    expect(copyId).not.toBe(id);
    const detail = (await amy.get("/a/api/program/detail", { id: copyId })).json();
    expect(detail.program).toMatchObject({ name: "Original (copy)", state: "draft", version: 1 });
    expect(detail.program.thumbUrl).not.toBeNull();
    expect(detail.doc).toEqual(doc);
    expect((await refsOf(copyId)).map((r) => [r.materialId, r.ownerName])).toEqual([
      [poster.id, "Original (copy)"],
    ]);

    // Changing the original leaves the copy alone.
    await save(amy, { id, version: 1, name: "Original", doc: docWith([]) });
    expect((await amy.get("/a/api/program/detail", { id: copyId })).json().doc).toEqual(doc);
    const named = await amy.post("/a/api/program/copy", { id, name: "Chosen name" });
    expect((await amy.get("/a/api/program/detail", { id: named.json().id })).json().program.name).toBe(
      "Chosen name",
    );
  });

  it("deletes programs with their references and history, but not a published one", async () => {
    const id = (await save(amy, { name: "On air", doc: docWith([imageWidget(poster.id)]) })).json().id;
    await t.database.db.update(programs).set({ state: "published" }).where(eq(programs.id, id));
    const refused = await amy.post("/a/api/program/delete", { ids: String(id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "Program On air is published; take it out of its publications before deleting it",
    );
    expect(await refsOf(id)).toHaveLength(1);

    await t.database.db.update(programs).set({ state: "draft" }).where(eq(programs.id, id));
    expect((await amy.post("/a/api/program/delete", { ids: String(id) })).statusCode).toBe(200);
    expect((await amy.get("/a/api/program/detail", { id })).statusCode).toBe(404);
    expect(await refsOf(id)).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(contentHistory)
        .where(and(eq(contentHistory.kind, "program"), eq(contentHistory.contentId, id))),
    ).toHaveLength(0);
  });
});

describe("review", () => {
  const history = async (id: number, c = amy) => (await c.get("/a/api/program/history", { id })).json().list;

  it("approves at once while review is off, and only from draft or rejected", async () => {
    const id = (await save(amy, { name: "No review", doc: docWith([]) })).json().id;
    const submitted = await amy.post("/a/api/program/submit", { ids: String(id) });
    expect(submitted.json()).toMatchObject({ code: 0, state: "approved" });
    const again = await amy.post("/a/api/program/submit", { ids: String(id) });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe("Program No review cannot do this in its state (Approved)");
    expect((await history(id)).map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      ["draft", "approved"],
      [null, "draft"],
    ]);
  });

  it("goes through review while it is on, notes the decision, and an edit brings it back to draft", async () => {
    await t.app.services.settings.set("audit", true, null);
    try {
      const id = (await save(amy, { name: "Reviewed", doc: docWith([]) })).json().id;
      expect((await amy.post("/a/api/program/submit", { ids: String(id) })).json().state).toBe("pending");
      expect(
        (await amy.post("/a/api/program/review", { ids: String(id), result: "rejected", note: "too dark" }))
          .statusCode,
      ).toBe(200);
      expect((await amy.post("/a/api/program/submit", { ids: String(id) })).json().state).toBe("pending");
      // Another reviewer approves: nobody approves their own submission (review.test.ts).
      await amy2.post("/a/api/program/review", { ids: String(id), result: "approved", note: "" });
      const refused = await amy.post("/a/api/program/review", { ids: String(id), result: "approved" });
      expect(refused.statusCode).toBe(400);

      const edited = await save(amy, { id, version: 1, name: "Reviewed", doc: docWith([], "#101010") });
      expect(edited.json()).toMatchObject({ state: "draft", version: 2 });
      const list = await history(id);
      expect(
        list.map((h: { from: string | null; to: string; note: string | null }) => [h.from, h.to, h.note]),
      ).toEqual([
        ["approved", "draft", "Edited, back to draft"],
        ["pending", "approved", null],
        ["rejected", "pending", null],
        ["pending", "rejected", "too dark"],
        ["draft", "pending", null],
        [null, "draft", null],
      ]);
      expect(list[0].byName).toBe("amy");
      // The history is told in the reader's language.
      const fr = new Client(t.app, "fr");
      fr.cookies.set("Authorization", amy.sessionToken ?? "");
      expect((await history(id, fr))[0].note).toBe("Modifié, revenu à l'état de brouillon");

      const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, amyId));
      expect(notes.map((n) => n.contentEn)).toEqual(
        expect.arrayContaining(["Program Reviewed: Rejected (too dark)", "Program Reviewed: Approved"]),
      );
      expect(notes.map((n) => n.contentCn)).toContain("节目 Reviewed：未通过（too dark）");
    } finally {
      await t.app.services.settings.set("audit", false, null);
    }
  });

  it("refuses in the caller's language", async () => {
    const id = (await save(amy, { name: "Langue", doc: docWith([]) })).json().id;
    await amy.post("/a/api/program/submit", { ids: String(id) });
    const fr = new Client(t.app, "fr");
    fr.cookies.set("Authorization", amy.sessionToken ?? "");
    const res = await fr.post("/a/api/program/submit", { ids: String(id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe("Le programme Langue ne permet pas cette opération dans son état (Approuvé)");
    const zh = new Client(t.app, "zh_CN");
    zh.cookies.set("Authorization", amy.sessionToken ?? "");
    const stale = await zh.post("/a/api/program/save", { id, version: 99, name: "Langue", doc: docWith([]) });
    expect(stale.json().msg).toBe("节目 Langue 在您打开后已被他人保存（当前版本 1）");
    // A page number past every bound is told the field's own bound once, not also an integer's.
    const far = await fr.get("/a/api/program/list", { pageNo: "99999999999999999999" });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({
      msg: "pageNo : doit être au plus 1000000",
      errors: [{ field: "pageNo", message: "doit être au plus 1000000" }],
    });
    expect(far.json().errors).toHaveLength(1);
  });
});

describe("a material deleted between the media check and the write", () => {
  it("refuses the save with 400 and writes nothing", async () => {
    const [row] = await t.database.db.select({ id: programs.id }).from(programs).limit(1);
    if (!row) throw new Error("no program");
    const before = await t.database.db.select().from(materialRefs).where(eq(materialRefs.ownerId, row.id));
    await expect(
      t.database.db.transaction((tx) => writeRefs(tx, row.id, "Gone", [2_000_000_000])),
    ).rejects.toMatchObject({ status: 400, key: "program.materialMissing" });
    expect(await t.database.db.select().from(materialRefs).where(eq(materialRefs.ownerId, row.id))).toEqual(
      before,
    );
  });
});
