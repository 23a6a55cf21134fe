import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Permission, PROGRAM_EXPORT_FORMAT } from "@marquee/contracts";
import { createProgram, createWidget, type ProgramDoc, type Scene, type Widget } from "@marquee/program";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, offices, programs } from "../src/db/schema";
import { MediaStorage } from "../src/platform/storage";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { md5 } from "./media";

const png = (color: string, width = 64, height = 36) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

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

function docWith(size: { width: number; height: number }, widgets: Widget[], color = "#ff0000"): ProgramDoc {
  const doc = createProgram(size, "Main");
  doc.background = { kind: "color", color };
  const scene = doc.scenes[0] as Scene;
  scene.background = { kind: "color", color };
  scene.widgets = widgets;
  return doc;
}

const RIGHTS: Permission[] = [
  "content:program:view",
  "content:program:edit",
  "content:program:delete",
  "content:material:view",
  "content:material:upload",
  "content:material:edit",
];

let t: TestApp;
let amy: Client;
let bob: Client;
let cy: Client;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  const agent = await addOffice(t, platform, "agent", "Agent");
  for (const [name, user] of [
    ["Customer A", "amy"],
    ["Customer B", "bob"],
    ["Customer C", "cy"],
  ] as const) {
    const office = await addOffice(t, agent.id, "customer", name);
    await addUser(t, office.id, user, RIGHTS);
  }
  amy = await signedIn(t, "amy", "amyPass1", "en");
  bob = await signedIn(t, "bob", "bobPass1", "en");
  cy = await signedIn(t, "cy", "cyPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

/** The RGB of a pixel of an image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
}
const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - (want[i] ?? 0)) <= 12);

describe("thumbnails", () => {
  it("draws the first main scene at 480 px wide: background, images, text and other widgets", async () => {
    const blue = await upload(amy, await png("#0000ff", 200, 100), "blue.png");
    const size = { width: 1920, height: 1080 };
    const image = createWidget("image", size);
    const text = createWidget("text", size);
    const clock = createWidget("clock", size);
    const doc = docWith(size, [
      { ...image, x: 0, y: 0, w: 960, h: 540, props: { ...image.props, materialId: blue.id, fit: "fill" } },
      {
        ...text,
        x: 1000,
        y: 600,
        w: 900,
        h: 300,
        props: { ...text.props, text: "你好 Marquee", fontSize: 96 },
      },
      { ...clock, x: 100, y: 700, w: 400, h: 200 },
    ]);
    const id = (await amy.post("/a/api/program/save", { name: "Thumb", doc })).json().id;
    const summary = (await amy.get("/a/api/program/detail", { id })).json().program;
    expect(summary.thumbUrl).toBe(`/apm-web/a/api/program/thumb?id=${id}&v=1`);

    const res = await amy.get(summary.thumbUrl.replace("/apm-web", ""));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 270]);
    expect(near(await pixel(res.rawPayload, 470, 10), [255, 0, 0])).toBe(true); // background
    expect(near(await pixel(res.rawPayload, 100, 60), [0, 0, 255])).toBe(true); // the image widget
    const again = await amy.get(summary.thumbUrl.replace("/apm-web", ""), undefined, {
      "if-none-match": String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    // A new version draws a new picture at a new address.
    const green = docWith(size, [], "#00ff00");
    await amy.post("/a/api/program/save", { id, version: 1, name: "Thumb", doc: green });
    const next = await amy.get("/a/api/program/thumb", { id, v: 2 });
    expect(near(await pixel(next.rawPayload, 10, 10), [0, 255, 0])).toBe(true);
    expect(next.headers.etag).not.toBe(res.headers.etag);
  });

  it("draws a video background from the video's thumbnail", async () => {
    const frame = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#00ff00" } })
      .webp()
      .toBuffer();
    const thumbMd5 = await new MediaStorage(t.config.dataDir).putBuffer(frame);
    const [office] = await t.database.db.select().from(offices).where(eq(offices.name, "Customer A"));
    const [video] = await t.database.db
      .insert(materials)
      .values({
        officeId: office?.id ?? 0,
        name: "clip.mp4",
        type: "video",
        md5: "0".repeat(32),
        size: 1,
        thumbMd5,
      })
      .returning();
    const doc = docWith({ width: 1920, height: 1080 }, []);
    (doc.scenes[0] as Scene).background = {
      kind: "video",
      materialId: video?.id ?? 0,
      fit: "cover",
      color: "#000000",
    };
    const saved = await amy.post("/a/api/program/save", { name: "Video", doc });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await amy.get("/a/api/program/thumb", { id: saved.json().id, v: 1 });
    expect(near(await pixel(res.rawPayload, 240, 135), [0, 255, 0])).toBe(true);
  });

  it("follows the canvas ratio of a portrait program", async () => {
    const doc = docWith({ width: 1080, height: 1920 }, [], "#ffffff");
    const id = (await amy.post("/a/api/program/save", { name: "Tall", doc })).json().id;
    const res = await amy.get("/a/api/program/thumb", { id, v: 1 });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 853]);
  });
});

describe("export and import", () => {
  it("exports a program with its media and imports it into another tenant holding the same files", async () => {
    const bytes = await png("#336699", 120, 80);
    const mine = await upload(amy, bytes, "shared.png");
    const web = (
      await amy.post("/a/api/material/addUrl", {
        name: "Site",
        type: "web",
        url: "https://example.com/board",
      })
    ).json().material;
    const size = { width: 1920, height: 1080 };
    const image = createWidget("image", size);
    const page = createWidget("web", size);
    const doc = docWith(size, [
      { ...image, props: { ...image.props, materialId: mine.id } },
      { ...page, props: { ...page.props, materialId: web.id } },
    ]);
    doc.background = { kind: "image", materialId: mine.id, fit: "cover", color: "#000000" };
    const id = (await amy.post("/a/api/program/save", { name: "大堂 节目", doc })).json().id;

    const exported = await amy.get("/a/api/program/export", { id });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("application/json");
    expect(exported.headers["content-disposition"]).toBe(
      `attachment; filename="__ __.json"; filename*=UTF-8''${encodeURIComponent("大堂 节目.json")}`,
    );
    const file = exported.json();
    expect(file).toMatchObject({ format: PROGRAM_EXPORT_FORMAT, formatVersion: 1, name: "大堂 节目", doc });
    expect(file.media).toEqual(
      expect.arrayContaining([
        { id: mine.id, name: "shared.png", type: "image", md5: md5(bytes), size: bytes.length, url: null },
        { id: web.id, name: "Site", type: "web", md5: null, size: 0, url: "https://example.com/board" },
      ]),
    );

    // Tenant C holds none of it: refused, naming what is missing, and nothing is written.
    const count = async () => (await t.database.db.select().from(programs)).length;
    const before = await count();
    const refused = await cy.post("/a/api/program/import", { file });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().missing.sort()).toEqual(["Site", "shared.png"]);
    expect(refused.json().msg).toContain("shared.png");
    expect(await count()).toBe(before);

    // Tenant B uploads the same bytes and adds the same address: the import maps them.
    const theirs = await upload(bob, bytes, "their copy.png");
    const theirWeb = (
      await bob.post("/a/api/material/addUrl", {
        name: "Board",
        type: "web",
        url: "https://example.com/board",
      })
    ).json().material;
    const imported = await bob.post("/a/api/program/import", { file, name: "Imported" });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ state: "draft", version: 1 });
    const detail = (await bob.get("/a/api/program/detail", { id: imported.json().id })).json();
    expect(detail.program.name).toBe("Imported");
    expect(detail.doc.background.materialId).toBe(theirs.id);
    expect(
      detail.doc.scenes[0].widgets.map((w: { props: { materialId: number } }) => w.props.materialId),
    ).toEqual([theirs.id, theirWeb.id]);
    expect(detail.materials.map((m: { id: number }) => m.id).sort()).toEqual([theirs.id, theirWeb.id].sort());
    // Amy's program is untouched and still hers alone.
    expect((await bob.get("/a/api/program/detail", { id })).statusCode).toBe(404);
  });
});

describe("the API document", () => {
  it("describes the program, widget and feed calls", async () => {
    const res = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ["program/save", "program/list", "program/import", "widget/palette"])
      expect(paths).toContain(`/apm-web/a/api/${p}`);
    expect(paths).toContain("/apm-web/f/common/weather");
  });
});

describe("data source preview", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? "/";
      if (path === "/items.json") {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            data: {
              items: [
                { sku: "A1", price: 3 },
                { sku: "B2", price: 5, note: "new" },
              ],
            },
          }),
        );
      } else if (path === "/prices.csv") {
        res.setHeader("content-type", "text/csv");
        res.end('sku,price\r\nA1,3\r\n"B,2",5\r\n');
      } else if (path === "/big.json") {
        res.setHeader("content-type", "application/json");
        res.end(`[${'"x",'.repeat(700_000)}"x"]`);
      } else if (path === "/big.csv") {
        res.setHeader("content-type", "text/csv");
        res.end(`n\n${Array.from({ length: 400_000 }, (_, i) => i).join("\n")}\n`);
      } else if (path === "/moved.json") {
        res.writeHead(302, { location: "/items.json" }).end();
      } else if (path === "/metadata") {
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      } else if (path === "/broken.json") {
        res.end("{not json");
      } else {
        res.statusCode = 404;
        res.end("no");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const preview = (url: string, format: "json" | "csv", rowsPath = "") =>
    amy.get("/a/api/program/dataSource/preview", { url, format, rowsPath });

  it("reads JSON rows at a path and CSV rows, as the player will", async () => {
    const json = await preview(`${base}/items.json`, "json", "data.items");
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({
      fields: ["sku", "price", "note"],
      rows: [
        { sku: "A1", price: 3 },
        { sku: "B2", price: 5, note: "new" },
      ],
    });
    const csv = (await preview(`${base}/prices.csv`, "csv")).json();
    expect(csv).toMatchObject({
      fields: ["sku", "price"],
      rows: [
        { sku: "A1", price: "3" },
        { sku: "B,2", price: "5" },
      ],
    });
    const moved = (await preview(`${base}/moved.json`, "json", "data.items")).json();
    expect(moved.rows).toHaveLength(2);
    // A long CSV: the first 2 MB are enough for the first 1000 rows.
    const long = (await preview(`${base}/big.csv`, "csv")).json();
    expect(long.rows).toHaveLength(1000);
    expect(long.rows[999]).toEqual({ n: "999" });
  });

  it("refuses other schemes, and says why an address gave nothing", async () => {
    const file = await preview("file:///etc/passwd", "json");
    expect(file.statusCode).toBe(400);
    expect(file.json().errors).toEqual([{ field: "url", message: "must be an http or https address" }]);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await preview(`http://127.0.0.1:${port}/x.json`, "json");
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().msg).toBe("The data source could not be read: unreachable: ECONNREFUSED");

    // A cloud machine's metadata service is never fetched, directly or through a redirect.
    const refusal =
      "The data source could not be read: unreachable: the address 169.254.169.254 is not allowed";
    expect((await preview("http://169.254.169.254/latest/meta-data/", "json")).json().msg).toBe(refusal);
    expect((await preview(`${base}/metadata`, "json")).json().msg).toBe(refusal);
    expect((await preview("http://[fe80::1]/x", "json")).json().msg).toBe(
      "The data source could not be read: unreachable: the address fe80::1 is not allowed",
    );

    expect((await preview(`${base}/missing.json`, "json")).json().msg).toBe(
      "The data source could not be read: HTTP 404",
    );
    expect((await preview(`${base}/broken.json`, "json")).json().msg).toBe(
      "The data source could not be read: not JSON",
    );
    expect((await preview(`${base}/big.json`, "json")).json().msg).toBe(
      "The data source could not be read: larger than 2 MB",
    );
  });
});
