import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTerminal } from "../apps/server/test/terminal-helpers";
import { api, consolePage, type E2E, screenshot, startE2E } from "./harness";

/**
 * Statistics in the browser, over seeded figures: the home page shows the
 * terminals as they are; a chart's date range changes its data; the proof of
 * play export opens as a spreadsheet with the seeded plays; and a customer
 * buys storage by bank transfer, the platform administrator confirms it, and
 * the customer's quota rises.
 */
let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };
const CUSTOMER = { username: "buyer", password: "BuyerPass12" };
const GB = 1024 ** 3;
const DAY = 86_400_000;
let customerId = 0;

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  const { app } = e.server;
  const { db } = app.services;
  const { offices, roles, userRoles, users, terminalOnlineSpans, playEvents } = await import(
    "../apps/server/src/db/schema"
  );
  const { hashPassword } = await import("../apps/server/src/platform/password");
  const { eq } = await import("drizzle-orm");
  await app.services.settings.set("defaultTimezone", "UTC", null);
  const [platform] = await db.select().from(offices).where(eq(offices.type, "platform"));
  if (!platform) throw new Error("no platform office");

  // Terminals of the platform: two online (one with a fault), one offline.
  const now = Date.now();
  const seen = new Date(now);
  const a = await insertTerminal(app, platform.id, { name: "Lobby A", online: true, lastSeenAt: seen });
  await insertTerminal(app, platform.id, { name: "Lobby B", online: true, lastSeenAt: seen, fault: "fan" });
  await insertTerminal(app, platform.id, { name: "Hall C", online: false });

  // Lobby A was online 5 h twenty days ago and 3 h two days ago: 8 h in 30 days, 3 h in 7.
  const dayStart = (daysAgo: number) => new Date(Math.floor((now - daysAgo * DAY) / DAY) * DAY);
  const span = (daysAgo: number, hours: number) => {
    const start = new Date(dayStart(daysAgo).getTime() + 8 * 3600_000);
    return { terminalId: a, startedAt: start, endedAt: new Date(start.getTime() + hours * 3600_000) };
  };
  await db.insert(terminalOnlineSpans).values([span(20, 5), span(2, 3)]);

  // Proof of play: 12 plays of program 4242 on Lobby A, 30 s each, yesterday.
  const at = new Date(dayStart(1).getTime() + 10 * 3600_000);
  await db.insert(playEvents).values(
    Array.from({ length: 12 }, (_, i) => ({
      terminalId: a,
      officeId: platform.id,
      programId: 4242,
      sceneId: "s1",
      widgetId: null,
      materialId: null,
      kind: "scene" as const,
      at: new Date(at.getTime() + i * 60_000),
      ms: 30_000,
    })),
  );
  const { runRollups } = await import("../apps/server/src/modules/statistics/rollup");
  await runRollups(app.services);

  // A customer with 1 GB of storage and a buyer; paid services open since yesterday.
  const [customer] = await db
    .insert(offices)
    .values({ parentId: platform.id, type: "customer", name: "Shop & Co", path: "/tmp/", capacityBytes: GB })
    .returning();
  if (!customer) throw new Error("customer not created");
  customerId = customer.id;
  await db
    .update(offices)
    .set({ path: `${platform.path}${customer.id}/` })
    .where(eq(offices.id, customer.id));
  app.services.tree.invalidate();
  const [role] = await db
    .insert(roles)
    .values({
      officeId: customer.id,
      code: "buyer",
      name: "Buyer",
      permissions: ["pay:service:view", "pay:service:purchase", "pay:order:view", "content:material:view"],
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      officeId: customer.id,
      username: CUSTOMER.username,
      name: "Buyer",
      passwordHash: await hashPassword(CUSTOMER.password),
    })
    .returning();
  if (!role || !user) throw new Error("buyer not created");
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  await app.services.settings.set("paymentSwitchOpenTime", new Date(now - DAY).toISOString(), null);
});
afterAll(async () => {
  await e?.close();
});

describe("home, statistics, proof of play and paid services", () => {
  it("shows the seeded terminal figures on the home page, each linking to its screen", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);
    await page.getByTestId("home-terminals").waitFor();
    await expect.poll(() => page.getByTestId("home-terminals-online").textContent()).toBe("1");
    expect(await page.getByTestId("home-terminals-fault").textContent()).toBe("1");
    expect(await page.getByTestId("home-terminals-offline").textContent()).toBe("1");
    expect(await page.getByTestId("home-terminals-offline").getAttribute("href")).toContain("status=offline");
    await page.getByTestId("home-trend").waitFor();
    await screenshot(page, "home");
    await page.getByTestId("home-terminals-offline").click();
    await expect.poll(() => page.url()).toContain("status=offline");
    await page.context().close();
  });

  it("changes a chart's data with its date range", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);
    await page.goto("/dataStatistics/index");
    await page.getByTestId("stats-online-time").waitFor();
    // The last 30 days (the default): 5 h + 3 h.
    await expect.poll(() => page.getByTestId("stats-online-summary").innerText()).toMatch(/\b8(\.00)?\b/);
    await screenshot(page, "stats-30-days");
    await page.getByTestId("stats-range").locator("input").first().click();
    await page.getByText("Last 7 days", { exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/from=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => page.getByTestId("stats-online-summary").innerText()).toMatch(/\b3(\.00)?\b/);
    await screenshot(page, "stats-7-days");
    await page.context().close();
  });

  it("exports proof of play as a spreadsheet with the seeded plays", async () => {
    const page = await consolePage(e, ADMIN.username, ADMIN.password);
    await page.goto("/dataStatistics/index?tab=pop");
    await page.getByTestId("pop-panel").waitFor();
    await expect.poll(() => page.getByTestId("pop-total-plays").innerText()).toContain("12");
    await screenshot(page, "pop");
    await page.getByTestId("pop-export").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("pop-export-xlsx").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const cells: string[] = [];
    sheet.eachRow((row) => {
      cells.push(
        (row.values as unknown[])
          .slice(1)
          .map((v) => String(v ?? ""))
          .join("|"),
      );
    });
    const programRow = cells.find((l) => l.includes("4242"));
    expect(programRow, cells.join("\n")).toBeDefined();
    expect(programRow?.split("|")).toContain("12");
    await page.context().close();
  });

  it("lets a customer buy storage that rises once the administrator confirms the transfer", async () => {
    const admin = await consolePage(e, ADMIN.username, ADMIN.password);
    await api(admin, "POST", "/a/api/vol/save", {
      code: "storage-1g",
      kind: "storage",
      name: { en: "1 GB of storage", zh_CN: "1 GB 存储空间" },
      quantity: GB,
      priceCents: 990,
      currency: "EUR",
      durationDays: null,
    });

    const buyer = await consolePage(e, CUSTOMER.username, CUSTOMER.password);
    await buyer.goto("/sysManage/purchaseService");
    await expect.poll(() => buyer.getByTestId("pay-storage-quota").innerText()).toMatch(/^1(\.0)? GB$/);
    await buyer.getByTestId("pay-buy-storage-1g").click();
    await buyer.getByTestId("pay-buy-submit").click();
    await buyer.getByTestId("pay-transfer-details").waitFor();
    const orderNo = ((await buyer.getByTestId("pay-order-no").innerText()) ?? "").trim();
    expect(orderNo).toMatch(/^MQ/);
    await screenshot(buyer, "pay-ordered");

    await admin.goto("/paymentCenter/index");
    await admin.getByTestId(`pay-confirm-${orderNo}`).click();
    // The confirmation writes the order, the quota and a log: on a busy machine it can take seconds.
    const confirmed = admin.waitForResponse((r) => r.url().includes("/a/api/payOrder/confirm"), {
      timeout: 30_000,
    });
    await admin.getByTestId("pay-action-ok").click();
    expect((await confirmed).status()).toBe(200);
    await expect.poll(() => admin.getByTestId(`pay-state-${orderNo}`).innerText()).toMatch(/Paid/);
    await screenshot(admin, "pay-confirmed");

    await buyer.reload();
    await expect.poll(() => buyer.getByTestId("pay-storage-quota").innerText()).toMatch(/^2(\.0)? GB$/);
    const { offices } = await import("../apps/server/src/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await e.server.app.services.db.select().from(offices).where(eq(offices.id, customerId));
    expect(row?.capacityBytes).toBe(2 * GB);
    await screenshot(buyer, "pay-quota-risen");
    await admin.context().close();
    await buyer.context().close();
  });
});
