import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, type Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
});
afterAll(async () => {
  await t?.close();
});

describe("avatar upload", () => {
  it("stores the image by its content, sets it as the user's avatar and serves it", async () => {
    const res = await admin.post("/a/api/user/uploadAvatar", {
      image: `data:image/png;base64,${PNG.toString("base64")}`,
    });
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^\/apm-web\/f\/avatar\/[0-9a-f]{64}\.png$/);
    expect((await admin.get("/a/api/user/getUserInfo")).json().user.avatar).toBe(avatar);
    const img = await t.app.inject({ method: "GET", url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.headers["cache-control"]).toContain("immutable");
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses what is not an image whatever it claims, and images over 512 KB", async () => {
    const fake = await admin.post("/a/api/user/uploadAvatar", {
      image: `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`,
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toEqual([
      { field: "image", message: "The avatar must be a PNG, JPEG, GIF or WebP image" },
    ]);
    const big = Buffer.concat([PNG, Buffer.alloc(513 * 1024)]);
    const tooBig = await admin.request("POST", "/a/api/user/uploadAvatar", {
      json: { image: `data:image/png;base64,${big.toString("base64")}` },
    });
    expect(tooBig.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooBig.statusCode).toBeLessThan(500);
    expect(
      (await t.app.inject({ method: "GET", url: "/apm-web/f/avatar/..%2F..%2Fetc%2Fpasswd" })).statusCode,
    ).toBe(404);
  });
});
