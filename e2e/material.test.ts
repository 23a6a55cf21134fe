import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo } from "../apps/server/test/media";
import { confirmDialog, type E2E, screenshot, signIn, startE2E } from "./harness";

let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const dir = mkdtempSync(path.join(tmpdir(), "marquee-e2e-media-"));
const files = {
  image: path.join(dir, "sunrise.png"),
  video: path.join(dir, "clip.webm"),
  second: path.join(dir, "poster.png"),
};

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  writeFileSync(
    files.image,
    await sharp({ create: { width: 800, height: 450, channels: 3, background: "#f4a300" } })
      .png()
      .toBuffer(),
  );
  writeFileSync(
    files.second,
    await sharp({ create: { width: 400, height: 600, channels: 3, background: "#2255aa" } })
      .png()
      .toBuffer(),
  );
  makeVideo(files.video, { codec: "vp9", width: 320, height: 240, seconds: 2 });
});
afterAll(async () => {
  await e?.close();
});

async function library(): Promise<Page> {
  const ctx = await e.context();
  await ctx.addCookies([{ name: "language", value: "en", url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/home");
  await page.goto("/resManage/myRes");
  await page.getByTestId("material-table").waitFor();
  return page;
}

async function uploadFiles(page: Page, paths: string[]) {
  await page.getByTestId("material-upload").click();
  await page.getByTestId("material-dropzone").locator("input[type=file]").setInputFiles(paths);
  await expect
    .poll(
      async () =>
        page.getByTestId("upload-item").evaluateAll((els) => els.map((x) => x.getAttribute("data-stage"))),
      {
        timeout: 60_000,
      },
    )
    .toEqual(paths.map(() => expect.stringMatching(/^(done|instant)$/)));
  await page.keyboard.press("Escape");
}

const row = (page: Page, name: string) => page.getByTestId("material-table").locator("tr", { hasText: name });

describe("the media library in the browser", () => {
  it("uploads by drag and drop, shows thumbnails, previews a video, cuts and pastes into a folder", async () => {
    const page = await library();
    await uploadFiles(page, [files.image, files.video]);
    await expect.poll(() => row(page, "sunrise.png").count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row(page, "clip.webm").count()).toBe(1);
    // thumbnails arrive once the jobs have run
    await expect
      .poll(
        async () => {
          await page
            .getByRole("button", { name: /Refresh/ })
            .first()
            .click()
            .catch(() => undefined);
          return row(page, "sunrise.png").locator("img[src*='getFileHandlex']").count();
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, "materials");

    await row(page, "clip.webm").getByTestId("material-preview").click();
    const panel = page.getByTestId("material-preview-panel");
    await panel.waitFor();
    expect(await panel.getAttribute("data-type")).toBe("video");
    await expect.poll(() => panel.locator("video").count()).toBe(1);
    await page.keyboard.press("Escape");

    await page.getByTestId("folder-create").click();
    await page.getByTestId("name-modal-input").fill("Campaign");
    await confirmDialog(page.getByTestId("name-modal-ok"));
    await page.getByTestId("folder-tree").getByText("Campaign").waitFor();
    // a new folder opens; the files are at the root
    await page.getByTestId("folder-tree").getByText("My materials").click();
    await row(page, "sunrise.png").waitFor();
    await row(page, "sunrise.png").locator(".ant-checkbox").click();
    await page.getByTestId("material-cut").click();
    await page.getByTestId("folder-tree").getByText("Campaign").click();
    await page.getByTestId("material-paste").click();
    await expect.poll(() => row(page, "sunrise.png").count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => row(page, "clip.webm").count()).toBe(0);
  });

  it("sends new materials to review when audit is on, and a reviewer approves them", async () => {
    await e.server.app.services.settings.set("audit", true, null);
    const page = await library();
    await uploadFiles(page, [files.second]);
    await page.goto("/contentCheck/materialCheck");
    const table = page.getByTestId("review-table");
    await table.locator("tr", { hasText: "poster.png" }).waitFor();
    await table.locator("tr", { hasText: "poster.png" }).getByTestId("review-approve").click();
    // the dialog closes once the server has taken the decision, then the checklist is fetched again
    await confirmDialog(page.getByTestId("review-submit"));
    await expect
      .poll(() => table.locator("tr", { hasText: "poster.png" }).count(), { timeout: 20_000 })
      .toBe(0)
      .catch(async (err) => {
        await screenshot(page, "material-review-failed");
        throw err;
      });
    const { db } = e.server.app.services;
    const { materials } = await import("../apps/server/src/db/schema");
    const rows = await db.select().from(materials);
    expect(rows.find((m) => m.name === "poster.png")?.reviewState).toBe("approved");
    await e.server.app.services.settings.set("audit", false, null);
  });
});
