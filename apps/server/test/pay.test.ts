import { GB, type Permission, TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlements, notifications, offices, payOrders } from "../src/db/schema";
import { runPayPass } from "../src/modules/pay/pass";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { Receiver, verified } from "./webhook-receiver";

const DAY = 86_400_000;

let t: TestApp;
let admin: Client;
let agentAdmin: Client;
let acme: Client;
let acmeZh: Client;
let beta: Client;
let gamma: Client;
let acmeUserId: number;
const ids = { platform: 0, agent: 0, acme: 0, beta: 0, gamma: 0 };

async function office(id: number) {
  const [o] = await t.database.db.select().from(offices).where(eq(offices.id, id));
  if (!o) throw new Error(`no office ${id}`);
  return o;
}

async function openSwitch(at: Date | "") {
  await t.app.services.settings.set("paymentSwitchOpenTime", at === "" ? "" : at.toISOString(), null);
}

const storage = {
  code: "storage-10g",
  kind: "storage",
  name: { en: "10 GB storage", zh_CN: "10 GB 存储空间" },
  description: { en: "For good" },
  quantity: 10 * GB,
  priceCents: 4900,
  currency: "eur",
  durationDays: null,
};
const licence = {
  code: "licence-2",
  kind: "terminalLicence",
  name: { en: "2 terminal licences", fr: "2 licences de terminal" },
  quantity: 2,
  priceCents: 2000,
  currency: "EUR",
  durationDays: 30,
};

async function save(client: Client, body: Record<string, unknown>) {
  const res = await client.post("/a/api/vol/save", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().service as { id: number; code: string; currency: string; enabled: boolean };
}

async function buy(client: Client, serviceId: number, units = 1, provider = "manual") {
  const res = await client.post("/a/api/payOrder/create", { serviceId, units, provider });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let storageId = 0;
let licenceId = 0;
let agentServiceId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const init = await initSystem(t);
  ids.platform = init.officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, ids.platform, "agent", "Agent A");
  const acmeOffice = await addOffice(t, ids.platform, "customer", "ACME 公司");
  const betaOffice = await addOffice(t, agent.id, "customer", "Beta");
  const gammaOffice = await addOffice(t, ids.platform, "customer", "Gamma");
  Object.assign(ids, { agent: agent.id, acme: acmeOffice.id, beta: betaOffice.id, gamma: gammaOffice.id });
  // ACME and Beta have finite quotas; Gamma's storage is unlimited (null).
  await t.database.db
    .update(offices)
    .set({ capacityBytes: GB, terminalQuota: 5 })
    .where(eq(offices.id, ids.acme));
  await t.database.db
    .update(offices)
    .set({ capacityBytes: GB, terminalQuota: 5 })
    .where(eq(offices.id, ids.beta));
  await addUser(t, ids.agent, "agentadmin", [...TENANT_ADMIN_PERMISSIONS.agent]);
  const acmeUser = await addUser(t, ids.acme, "acmeadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  acmeUserId = acmeUser.id;
  await addUser(t, ids.beta, "betaadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  await addUser(t, ids.gamma, "gammaadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  agentAdmin = await signedIn(t, "agentadmin", "agentadminPass1", "en");
  acme = await signedIn(t, "acmeadmin", "acmeadminPass1", "en");
  acmeZh = await signedIn(t, "acmeadmin", "acmeadminPass1", "zh_CN");
  beta = await signedIn(t, "betaadmin", "betaadminPass1", "en");
  gamma = await signedIn(t, "gammaadmin", "gammaadminPass1", "en");
  await t.app.services.settings.set(
    "bankTransfer",
    {
      accountName: "Marquee SA",
      bank: "Banque Test",
      accountNumber: "FR76 0000 0000 0000",
      note: "Quote the order number",
    },
    null,
  );
  await receiver.start();
  await t.app.services.settings.set("webhooksPrivateAddresses", true, null);
  await listenForPaidOrders(admin, "/platform");
  await listenForPaidOrders(acme, "/acme");
  await listenForPaidOrders(gamma, "/gamma");
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

// Each party's own webhook endpoint for paid orders (a local receiver, one path per tenant).
const receiver = new Receiver();
const hookSecrets = new Map<string, string>();
async function listenForPaidOrders(client: Client, path: string) {
  const saved = await client.post("/a/api/webhook/save", { url: receiver.url(path), events: ["order.paid"] });
  expect(saved.statusCode, saved.body).toBe(200);
  const list = (await client.get("/a/api/webhook/list")).json().list as Array<{
    url: string;
    secret: string;
  }>;
  hookSecrets.set(path, list.find((e) => e.url === receiver.url(path))?.secret ?? "");
}
async function paidHooks(path: string, orderNo: string) {
  await t.app.services.webhookWorker.settled();
  return receiver
    .at(path, "order.paid")
    .filter(
      (r) => (r.json.data.order as { no: string }).no === orderNo && verified(r, hookSecrets.get(path) ?? ""),
    );
}

describe("the catalogue", () => {
  it("lets the platform and agents keep a catalogue, and refuses customers", async () => {
    const s = await save(admin, storage);
    storageId = s.id;
    expect(s.currency).toBe("EUR");
    licenceId = (await save(admin, licence)).id;
    agentServiceId = (
      await save(agentAdmin, {
        ...storage,
        code: "agent-storage",
        name: { en: "Agent storage" },
        priceCents: 3900,
      })
    ).id;

    const dup = await admin.post("/a/api/vol/save", storage);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toContainEqual({
      field: "code",
      message: "storage-10g is already in your catalogue",
    });

    const noDuration = await admin.post("/a/api/vol/save", { ...licence, code: "x", durationDays: null });
    expect(noDuration.statusCode).toBe(400);
    expect(noDuration.json().errors[0].field).toBe("durationDays");

    const refused = await acme.post("/a/api/vol/save", { ...storage, code: "mine" });
    expect(refused.statusCode).toBe(403);

    // A customer role carrying a seller's right does not make it a seller.
    await addUser(t, ids.acme, "acmeseller", ["pay:service:view", "pay:service:edit"] as Permission[]);
    const seller = await signedIn(t, "acmeseller", "acmesellerPass1", "en");
    expect((await seller.post("/a/api/vol/save", { ...storage, code: "mine" })).statusCode).toBe(403);

    // Editing another seller's service answers 404, like a missing one.
    const foreign = await agentAdmin.post("/a/api/vol/save", { ...storage, id: storageId, code: "hijack" });
    expect(foreign.statusCode).toBe(404);
  });

  it("hides paid services from buyers before the switch time, not from sellers", async () => {
    await openSwitch("");
    const closed = (await acme.get("/a/api/vol/volList")).json();
    expect(closed.list).toEqual([]);
    expect(closed.switch).toEqual({ open: false, openTime: null });
    const refused = await acme.post("/a/api/payOrder/create", { serviceId: storageId, provider: "manual" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe("Paid services are not open");

    const later = new Date(t.clock.now().getTime() + 30 * DAY);
    later.setUTCMilliseconds(0);
    await openSwitch(later);
    const scheduled = await acme.post("/a/api/payOrder/create", { serviceId: storageId, provider: "manual" });
    expect(scheduled.statusCode).toBe(403);
    expect(scheduled.json().msg).toBe(`Paid services open on ${later.toISOString().replace(".000Z", "Z")}`);
    expect((await acme.get("/a/api/vol/getVolMsg", { id: storageId })).statusCode).toBe(404);

    const mine = (await admin.get("/a/api/vol/volList", { mine: 1 })).json();
    expect(mine.list.map((s: { code: string }) => s.code)).toEqual(["storage-10g", "licence-2"]);
    expect(mine.party.sells).toBe(true);

    await openSwitch(new Date(t.clock.now().getTime() - DAY));
  });

  it("shows each buyer its own seller's enabled services", async () => {
    const forAcme = (await acme.get("/a/api/vol/volList")).json();
    expect(forAcme.switch.open).toBe(true);
    expect(forAcme.party.seller).toEqual({ id: ids.platform, name: "Platform" });
    expect(forAcme.party.providers).toEqual(["manual"]);
    expect(forAcme.list.map((s: { code: string }) => s.code)).toEqual(["storage-10g", "licence-2"]);

    const forBeta = (await beta.get("/a/api/vol/volList")).json();
    expect(forBeta.party.seller).toEqual({ id: ids.agent, name: "Agent A" });
    expect(forBeta.list.map((s: { code: string }) => s.code)).toEqual(["agent-storage"]);

    // Another seller's service answers 404 for buyers it does not sell to.
    expect((await acme.get("/a/api/vol/getVolMsg", { id: agentServiceId })).statusCode).toBe(404);
    expect((await beta.get("/a/api/vol/getVolMsg", { id: storageId })).statusCode).toBe(404);

    const one = (await acme.get("/a/api/vol/getVolMsg", { id: storageId })).json();
    expect(one.service.name.zh_CN).toBe("10 GB 存储空间");
    expect(one.situation).toMatchObject({
      officeId: ids.acme,
      storage: { used: 0, capacity: GB },
      terminals: { authorised: 0, quota: 5 },
    });

    const byType = (await acme.get("/a/api/vol/getVolMsgByType", { kind: "terminalLicence" })).json();
    expect(byType.list.map((s: { id: number }) => s.id)).toEqual([licenceId]);

    // A disabled service leaves the buyers' list.
    const hidden = await save(admin, { ...licence, code: "hidden", enabled: false });
    expect((await acme.get("/a/api/vol/volList")).json().list).toHaveLength(2);
    expect((await admin.get("/a/api/vol/volList", { mine: 1 })).json().total).toBe(3);
    const del = await admin.post("/a/api/vol/delete", { id: hidden.id });
    expect(del.json()).toMatchObject({ code: 0, deleted: true });
  });
});

describe("a bank transfer confirmed by the seller", () => {
  let orderId = 0;
  let orderNo = "";

  it("creates a pending order with the transfer details", async () => {
    const res = await buy(acme, storageId, 2);
    orderId = res.order.id;
    orderNo = res.order.no;
    expect(orderNo).toMatch(/^MQ\d{8}\d{6}$/);
    expect(res.order).toMatchObject({
      state: "pending",
      amountCents: 9800,
      currency: "EUR",
      provider: "manual",
      role: "buyer",
      canCancel: true,
      canConfirm: false,
    });
    expect(new Date(res.order.payBefore).getTime() - new Date(res.order.createdAt).getTime()).toBe(7 * DAY);
    expect(res.bankTransfer).toMatchObject({
      accountName: "Marquee SA",
      accountNumber: "FR76 0000 0000 0000",
    });
    expect(res.payUrl).toBeNull();

    const sales = (await admin.get("/a/api/payOrder/list", { role: "seller" })).json();
    expect(sales.list.map((o: { id: number }) => o.id)).toContain(orderId);
    expect(sales.list.find((o: { id: number }) => o.id === orderId)).toMatchObject({
      role: "seller",
      buyerName: "ACME 公司",
      canConfirm: true,
    });
  });

  it("raises the capacity by exactly the quantity, once", async () => {
    expect((await acme.post("/a/api/payOrder/confirm", { id: orderId })).statusCode).toBe(403);
    const res = await admin.post("/a/api/payOrder/confirm", { id: orderId, note: "transfer 123" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      state: "paid",
      canConfirm: false,
      canRefund: true,
      canInvoice: true,
    });
    expect(res.json().order.invoiceNo).toMatch(/^INV\d{4}-000001$/);
    expect((await office(ids.acme)).capacityBytes).toBe(GB + 20 * GB);

    // Confirming again is refused (409) and changes nothing.
    const again = await admin.post("/a/api/payOrder/confirm", { id: orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`Order ${orderNo} is already paid`);
    expect((await office(ids.acme)).capacityBytes).toBe(GB + 20 * GB);
    const ents = await t.database.db.select().from(entitlements).where(eq(entitlements.orderId, orderId));
    expect(ents).toHaveLength(1);

    const detail = (await acme.get("/a/api/payOrder/detail", { id: orderId })).json();
    expect(detail.entitlement).toMatchObject({
      kind: "storage",
      quantity: 20 * GB,
      state: "active",
      endsAt: null,
    });

    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, acmeUserId));
    expect(notes.map((n) => n.contentEn)).toContain(`Order ${orderNo} (10 GB storage) is paid and in effect`);

    // Both parties' endpoints hear of it once, signed, each as its own side; another tenant's never.
    const bought = await paidHooks("/acme", orderNo);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.json).toMatchObject({ tenant: { id: ids.acme }, data: { role: "buyer" } });
    expect(bought[0]?.json.data.order).toMatchObject({ no: orderNo, amountCents: 9800, currency: "EUR" });
    const sold = await paidHooks("/platform", orderNo);
    expect(sold).toHaveLength(1);
    expect(sold[0]?.json).toMatchObject({ tenant: { id: ids.platform }, data: { role: "seller" } });
    expect(await paidHooks("/gamma", orderNo)).toHaveLength(0);
  });

  it("serves a PDF invoice holding the order number", async () => {
    const res = await acme.get("/a/api/payOrder/invoice", { id: orderId });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(orderNo);
  });

  it("refunds: the grant is taken back", async () => {
    const res = await admin.post("/a/api/payOrder/refund", { id: orderId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.state).toBe("refunded");
    expect((await office(ids.acme)).capacityBytes).toBe(GB);
    expect((await admin.post("/a/api/payOrder/refund", { id: orderId })).statusCode).toBe(409);
    expect((await office(ids.acme)).capacityBytes).toBe(GB);
    // The invoice stays available, marked refunded.
    expect((await acme.get("/a/api/payOrder/invoice", { id: orderId })).statusCode).toBe(200);
  });

  it("refuses a grant to a tenant whose quota is unlimited", async () => {
    const res = await gamma.post("/a/api/payOrder/create", { serviceId: storageId, provider: "manual" });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe("Gamma has unlimited storage: there is no capacity to buy");
  });

  it("lets the buyer cancel a pending order, only once", async () => {
    const res = await buy(acme, licenceId);
    expect((await admin.post("/a/api/payOrder/cancel", { id: res.order.id })).statusCode).toBe(403);
    const cancelled = await acme.post("/a/api/payOrder/cancel", { id: res.order.id });
    expect(cancelled.json().order.state).toBe("cancelled");
    expect((await acme.post("/a/api/payOrder/cancel", { id: res.order.id })).statusCode).toBe(409);
    expect((await admin.post("/a/api/payOrder/confirm", { id: res.order.id })).statusCode).toBe(409);
  });
});

describe("licences that end, renewals, and orders that expire", () => {
  it("takes a licence back exactly once when it ends, and starts a renewal at the old end", async () => {
    const first = await buy(acme, licenceId);
    const confirmed = await admin.post("/a/api/payOrder/confirm", { id: first.order.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await office(ids.acme)).terminalQuota).toBe(7);

    const second = await buy(acme, licenceId);
    await admin.post("/a/api/payOrder/confirm", { id: second.order.id });
    // The renewal waits for the running licence: the quota does not rise yet.
    expect((await office(ids.acme)).terminalQuota).toBe(7);
    const [e1] = await t.database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.orderId, first.order.id));
    const [e2] = await t.database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.orderId, second.order.id));
    if (!e1?.endsAt || !e2?.endsAt) throw new Error("no entitlements");
    expect(e2.startsAt.getTime()).toBe(e1.endsAt.getTime());
    expect(e2.endsAt.getTime() - e2.startsAt.getTime()).toBe(30 * DAY);
    expect(e2.appliedAt).toBeNull();
    const byType = (await acme.get("/a/api/vol/getVolMsgByType", { kind: "terminalLicence" })).json();
    expect(byType.situation.entitlements.map((e: { state: string }) => e.state)).toEqual([
      "active",
      "upcoming",
    ]);

    // Before the end: nothing moves.
    const early = await runPayPass(t.app.services, {
      wait: true,
      now: new Date(e1.endsAt.getTime() - 60_000),
    });
    expect(early).toMatchObject({ skipped: false, started: 0, ended: 0 });
    // At the end: the first is taken back and the renewal added, the quota stays.
    const atEnd = await runPayPass(t.app.services, { wait: true, now: e1.endsAt });
    expect(atEnd).toMatchObject({ started: 1, ended: 1 });
    expect((await office(ids.acme)).terminalQuota).toBe(7);
    expect(await runPayPass(t.app.services, { wait: true, now: e1.endsAt })).toMatchObject({
      started: 0,
      ended: 0,
    });
    expect((await office(ids.acme)).terminalQuota).toBe(7);

    // The renewal ends: back to the original quota, exactly once.
    expect(await runPayPass(t.app.services, { wait: true, now: e2.endsAt })).toMatchObject({ ended: 1 });
    expect((await office(ids.acme)).terminalQuota).toBe(5);
    expect(
      await runPayPass(t.app.services, { wait: true, now: new Date(e2.endsAt.getTime() + DAY) }),
    ).toMatchObject({
      ended: 0,
    });
    expect((await office(ids.acme)).terminalQuota).toBe(5);
  });

  it("expires a pending order past payBefore and tells the buyer", async () => {
    const res = await buy(acme, licenceId);
    const payBefore = new Date(res.order.payBefore);
    expect(
      await runPayPass(t.app.services, { wait: true, now: new Date(payBefore.getTime() - 1000) }),
    ).toMatchObject({
      expired: 0,
    });
    expect(await runPayPass(t.app.services, { wait: true, now: payBefore })).toMatchObject({ expired: 1 });
    const [row] = await t.database.db.select().from(payOrders).where(eq(payOrders.id, res.order.id));
    expect(row?.state).toBe("expired");
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, acmeUserId));
    expect(notes.map((n) => n.contentEn)).toContain(
      `Order ${res.order.no} (2 terminal licences) was not paid in time and has expired`,
    );
  });
});

describe("tenancy and bad input", () => {
  it("answers 404 for another tenant's orders and services", async () => {
    const acmeOrders = (await acme.get("/a/api/payOrder/list")).json();
    expect(acmeOrders.total).toBeGreaterThan(0);
    const id = acmeOrders.list[0].id;
    expect((await gamma.get("/a/api/payOrder/list")).json().total).toBe(0);
    for (const client of [gamma, beta, agentAdmin]) {
      expect((await client.get("/a/api/payOrder/detail", { id })).statusCode).toBe(404);
      expect((await client.get("/a/api/payOrder/invoice", { id })).statusCode).toBe(404);
      expect((await client.post("/a/api/payOrder/cancel", { id })).statusCode).toBe(404);
    }
    expect((await agentAdmin.post("/a/api/payOrder/confirm", { id })).statusCode).toBe(404);
    expect((await agentAdmin.post("/a/api/vol/delete", { id: storageId })).statusCode).toBe(404);
    expect((await acme.get("/a/api/vol/getVolMsg", { id: 999_999 })).statusCode).toBe(404);

    // The agent sells to Beta: it sees Beta's order, confirms it, and Beta's quota rises.
    const order = await buy(beta, agentServiceId);
    expect(order.bankTransfer).toMatchObject({ accountName: "Agent A" });
    const sales = (await agentAdmin.get("/a/api/payOrder/list")).json();
    expect(sales.list.map((o: { id: number }) => o.id)).toEqual([order.order.id]);
    expect((await agentAdmin.post("/a/api/payOrder/confirm", { id: order.order.id })).statusCode).toBe(200);
    expect((await office(ids.beta)).capacityBytes).toBe(11 * GB);
    // The platform sees the sale below it, but only the seller confirms or refunds it.
    const refund = await admin.post("/a/api/payOrder/refund", { id: order.order.id });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().msg).toBe(
      `Order ${order.order.no} was sold by Agent A: only the seller confirms or refunds it`,
    );

    // A service with orders is disabled, not deleted.
    const del = (await agentAdmin.post("/a/api/vol/delete", { id: agentServiceId })).json();
    expect(del.deleted).toBe(false);
    expect((await beta.get("/a/api/vol/volList")).json().list).toEqual([]);
  });

  it("refuses bad input with 400 in the caller's language", async () => {
    const zh = await acmeZh.post("/a/api/payOrder/create", {
      serviceId: storageId,
      units: 0,
      provider: "cash",
    });
    expect(zh.statusCode).toBe(400);
    const fields = zh.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["units", "provider"]));
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);

    const fr = await signedIn(t, ADMIN.username, ADMIN.password, "fr");
    const bad = await fr.post("/a/api/vol/save", { ...storage, code: "bad", currency: "EURO", name: {} });
    expect(bad.statusCode).toBe(400);
    const byField = Object.fromEntries(
      bad.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField.currency).toContain("devise ISO 4217");
    expect(byField.name).toBe("saisissez le nom dans au moins une langue");

    const huge = await acme.post("/a/api/payOrder/create", {
      serviceId: storageId,
      units: 1001,
      provider: "manual",
    });
    expect(huge.statusCode).toBe(400);
    const list = await acme.get("/a/api/payOrder/list", { state: "lost" });
    expect(list.statusCode).toBe(400);
  });
});
