import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Fidelity,
  openFidelity,
  runMessageCases,
  runSceneCases,
  TARGET_PERCENT,
} from "./fidelity-cases";
import { type E2E, startE2E } from "./harness";

/**
 * Preview equals screen (issue 24): every widget type, scene backgrounds,
 * transitions at rest and the default buttons, drawn by the console editor's
 * preview and by the web player at the same size and instant, compared pixel
 * by pixel (e2e/fidelity-cases.ts). A case over the target fails with its
 * figure, its diff image saved in e2e/screenshots/fidelity/.
 */
let e: E2E;
let f: Fidelity;
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  f = await openFidelity(e, ADMIN);
}, 180_000);
afterAll(async () => {
  await f?.close();
  await e?.close();
});

describe("the editor's preview and the screen draw the same picture", () => {
  it("differs by under 0.5 % of pixels in every case", async () => {
    const log = (r: { name: string; percent: number; maxDelta: number }) =>
      console.log(`fidelity ${r.name}: ${r.percent.toFixed(3)} % differ, max delta ${r.maxDelta}`);
    const results = [...(await runSceneCases(f, log)), ...(await runMessageCases(f, log))];
    const over = results.filter((r) => !r.passed);
    expect(
      over.map(
        (r) =>
          `${r.name}: ${r.percent.toFixed(3)} % of pixels differ (target < ${TARGET_PERCENT} %)` +
          `${r.unready.length ? `, not ready (${r.unready.join("; ")})` : ""}, diff ${r.diffFile}`,
      ),
    ).toEqual([]);
  }, 240_000);
});
