// @vitest-environment jsdom
import {
  GB,
  PAY_ORDER_STATES,
  PAY_SERVICE_KINDS,
  type PayOrder,
  type PayOrderState,
  type PayService,
  type PayServiceKind,
  type PaySituation,
  type PaySwitch,
  settingType,
} from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dateTime } from "../src/components/dateTime";
import { formatMoney, splitBytes } from "../src/features/pay/format";
import PaymentCenterPage from "../src/features/pay/PaymentCenterPage";
import { StripeEditor } from "../src/features/pay/PaymentSettingEditors";
import PurchaseServicePage from "../src/features/pay/PurchaseServicePage";
import { paymentsOpen, switchTimeOf, withPaymentSwitch } from "../src/features/pay/paymentSwitch";
import { EMPTY_SERVICE, toSaveBody } from "../src/features/pay/ServiceDrawer";
import type { RouteNode } from "../src/services/session";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const BUYER = ["pay:service:view", "pay:service:purchase", "pay:order:view"];
const SELLER = ["pay:service:view", "pay:service:edit", "pay:order:view", "pay:order:confirm"];
const OPEN: PaySwitch = { open: true, openTime: "2026-01-01T00:00:00.000Z" };
const PARTY = { seller: { id: 1, name: "Platform" }, sells: false, providers: ["manual" as const] };

function service(extra: Partial<PayService> = {}): PayService {
  return {
    id: 7,
    officeId: 1,
    sellerName: "Platform",
    code: "storage-50",
    kind: "storage",
    name: { en: "50 GB extra", zh_CN: "额外 50 GB" },
    description: { en: "More room for videos" },
    quantity: 50 * GB,
    widgetType: null,
    priceCents: 1990,
    currency: "EUR",
    durationDays: 365,
    enabled: true,
    sort: 0,
    hasOrders: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

const SITUATION: PaySituation = {
  officeId: 5,
  officeName: "Shop",
  storage: { used: 4 * GB, capacity: 10 * GB },
  terminals: { authorised: 3, quota: 10 },
  entitlements: [],
};

function order(no: string, state: PayOrderState, extra: Partial<PayOrder> = {}): PayOrder {
  return {
    id: Number(no.replace(/\D/g, "")) || 1,
    no,
    buyerOfficeId: 5,
    buyerName: "Shop",
    sellerOfficeId: 1,
    sellerName: "Platform",
    serviceId: 7,
    item: {
      code: "storage-50",
      kind: "storage",
      name: { en: "50 GB extra" },
      quantity: 50 * GB,
      widgetType: null,
      priceCents: 1990,
      currency: "EUR",
      durationDays: 365,
    },
    units: 1,
    amountCents: 1990,
    currency: "EUR",
    state,
    provider: "manual",
    providerRef: null,
    payUrl: null,
    createdBy: 1,
    createdByName: "Buyer",
    createdAt: "2026-02-01T10:00:00.000Z",
    payBefore: "2026-02-08T10:00:00.000Z",
    paidAt: state === "paid" || state === "refunded" ? "2026-02-02T10:00:00.000Z" : null,
    confirmedBy: null,
    confirmedByName: null,
    appliedAt: null,
    cancelledAt: state === "cancelled" ? "2026-02-01T11:00:00.000Z" : null,
    refundedAt: state === "refunded" ? "2026-02-03T10:00:00.000Z" : null,
    invoiceNo: null,
    note: null,
    role: "buyer",
    canCancel: false,
    canConfirm: false,
    canRefund: false,
    canInvoice: false,
    ...extra,
  };
}

/** getVolMsgByType for every kind: `offers` per kind, the same switch and party. */
function catalogueServer(
  offers: Partial<Record<PayServiceKind, PayService[]>>,
  sw: PaySwitch = OPEN,
  extra: Parameters<typeof fakeServer>[0] = {},
) {
  return fakeServer({
    "GET /a/api/vol/getVolMsgByType": (c: Call) => {
      const kind = c.query.get("kind") as PayServiceKind;
      return {
        kind,
        list: sw.open ? (offers[kind] ?? []) : [],
        situation: { ...SITUATION, entitlements: [] },
        switch: sw,
        party: PARTY,
      };
    },
    ...extra,
  });
}

describe("paid services helpers", () => {
  it("formats money in the reader's language and the service's currency", () => {
    expect(formatMoney(1990, "EUR", "en")).toBe("€19.90");
    expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
    expect(formatMoney(1990, "EUR", "fr").replace(/\s/g, " ")).toBe("19,90 €");
  });

  it("sends the quantity in the kind's unit and the price in cents", () => {
    expect(
      toSaveBody({ ...EMPTY_SERVICE, code: " s50 ", name: { en: " 50 GB ", fr: "" }, amount: 50 }),
    ).toEqual({
      code: "s50",
      kind: "storage",
      name: { en: "50 GB" },
      description: {},
      quantity: 50 * GB,
      widgetType: null,
      priceCents: 1000,
      currency: "EUR",
      durationDays: 365,
      enabled: true,
      sort: 0,
    });
    const licence = toSaveBody(
      { ...EMPTY_SERVICE, kind: "terminalLicence", amount: 20, price: 4.99, forever: true, durationDays: 30 },
      3,
    );
    // A licence always lasts a number of days, whatever the switch said before the kind changed.
    expect(licence).toMatchObject({ id: 3, quantity: 20, priceCents: 499, durationDays: 30 });
    expect(toSaveBody({ ...EMPTY_SERVICE, kind: "widget", widgetType: "weather", amount: 9 })).toMatchObject({
      quantity: 1,
      widgetType: "weather",
    });
    expect(splitBytes(2 * 1024 * GB)).toEqual({ amount: 2, unit: "TB" });
    expect(splitBytes(50 * GB)).toEqual({ amount: 50, unit: "GB" });
  });

  it("keeps paid services out of the menu before the switch time, except for sellers", () => {
    const node = (name: string, children: RouteNode[] = []): RouteNode =>
      ({
        id: name.length,
        parentId: null,
        name,
        path: name,
        component: name,
        icon: null,
        sort: 0,
        meta: { title: name, titles: null, invisible: false, authority: "*" },
        children,
      }) as unknown as RouteNode;
    const tree = [node("sysManage", [node("userManage"), node("purchaseService")]), node("paymentCenter")];
    const names = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
    expect(names(withPaymentSwitch(tree, false, ["pay:service:view", "pay:order:view"], []))).toEqual([
      "sysManage",
      "userManage",
    ]);
    expect(names(withPaymentSwitch(tree, false, ["pay:order:confirm"], []))).toEqual([
      "sysManage",
      "userManage",
      "paymentCenter",
    ]);
    expect(names(withPaymentSwitch(tree, true, [], []))).toEqual(names(tree));
    expect(switchTimeOf("")).toBeNull();
    expect(switchTimeOf("2026-03-01T08:00:00Z")).toBe(Date.UTC(2026, 2, 1, 8));
    expect(paymentsOpen(Date.UTC(2026, 2, 1, 8), Date.UTC(2026, 2, 1, 9))).toBe(true);
    expect(paymentsOpen(Date.UTC(2026, 2, 1, 8), Date.UTC(2026, 2, 1, 7))).toBe(false);
    expect(paymentsOpen(null)).toBe(false);
  });
});

// antd forms and tables render slowly in jsdom on a busy machine.
describe("purchase service page", { timeout: 30_000 }, () => {
  it("shows the offer with its price and the buyer's quota, and a bank-transfer order shows where to pay", async () => {
    grant(BUYER);
    const placed = order("MQ20260201-0001", "pending", { units: 2, amountCents: 3980 });
    const { calls } = catalogueServer({ storage: [service()] }, OPEN, {
      "POST /a/api/payOrder/create": () => ({
        order: placed,
        payUrl: null,
        bankTransfer: {
          accountName: "Marquee Ltd",
          bank: "First Bank",
          accountNumber: "IT60X0542811101000000123456",
          note: "",
        },
      }),
    });
    renderPage(<PurchaseServicePage />);
    const card = await screen.findByTestId("pay-service-card-storage-50");
    expect(within(card).getByText("50 GB extra")).toBeTruthy();
    expect(within(card).getByTestId("pay-price-storage-50").textContent).toBe("€19.90");
    expect(within(card).getByText("Includes: 50 GB")).toBeTruthy();
    expect(within(card).getByText("Duration: 365 days")).toBeTruthy();
    expect(screen.getByTestId("pay-storage-quota").textContent).toBe("10 GB");
    // Kinds with nothing on offer are left out.
    expect(screen.queryByTestId("pay-kind-support")).toBeNull();
    expect(
      calls
        .filter((c) => c.path === "/a/api/vol/getVolMsgByType")
        .map((c) => c.query.get("kind"))
        .sort(),
    ).toEqual([...PAY_SERVICE_KINDS].sort());

    fireEvent.click(screen.getByTestId("pay-buy-storage-50"));
    const units = await screen.findByTestId("pay-buy-units");
    fireEvent.change(units, { target: { value: "2" } });
    await waitFor(() => expect(screen.getByTestId("pay-buy-total").textContent).toBe("€39.80"));
    // No online provider configured: bank transfer only.
    expect(screen.queryByTestId("pay-buy-provider-stripe")).toBeNull();
    fireEvent.click(screen.getByTestId("pay-buy-submit"));

    const details = await screen.findByTestId("pay-transfer-details");
    const sent = calls.find((c) => c.path === "/a/api/payOrder/create");
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ serviceId: 7, units: 2, provider: "manual" });
    expect(screen.getByTestId("pay-order-no").textContent).toBe("MQ20260201-0001");
    expect(within(details).getByText("IT60X0542811101000000123456")).toBeTruthy();
    expect(within(details).getByText("Marquee Ltd")).toBeTruthy();
    expect(within(details).getByText("€39.80")).toBeTruthy();
  });

  it("shows a server refusal of the order in the dialog", async () => {
    grant(BUYER);
    catalogueServer({ storage: [service()] }, OPEN, {
      "POST /a/api/payOrder/create": () => ({
        status: 409,
        json: { code: 409, msg: "Your storage quota is unlimited" },
      }),
    });
    renderPage(<PurchaseServicePage />);
    fireEvent.click(await screen.findByTestId("pay-buy-storage-50"));
    fireEvent.click(await screen.findByTestId("pay-buy-submit"));
    expect((await screen.findByTestId("pay-buy-error")).textContent).toContain(
      "Your storage quota is unlimited",
    );
    expect(screen.queryByTestId("pay-transfer-details")).toBeNull();
  });

  it("tells a buyer when paid services open instead of showing them", async () => {
    grant(BUYER);
    const openTime = "2026-12-01T09:00:00.000Z";
    catalogueServer({ storage: [service()] }, { open: false, openTime });
    renderPage(<PurchaseServicePage />);
    const notice = await screen.findByTestId("pay-not-open");
    expect(notice.textContent).toBe(`Paid services open on ${dateTime(openTime)}.`);
    expect(screen.queryByTestId("pay-services")).toBeNull();
    expect(screen.queryByTestId("pay-buy-storage-50")).toBeNull();
  });

  it("says paid services are not open when no time is set", async () => {
    grant(BUYER);
    catalogueServer({}, { open: false, openTime: null });
    renderPage(<PurchaseServicePage />);
    expect((await screen.findByTestId("pay-not-open")).textContent).toBe("Paid services are not open yet.");
  });
});

describe("seller's catalogue", { timeout: 30_000 }, () => {
  it("lists the platform's own services and saves a new one with its price in cents", async () => {
    grant(SELLER);
    const { calls } = fakeServer({
      "GET /a/api/vol/getVolMsgByType": (c: Call) => ({
        kind: c.query.get("kind"),
        list: [],
        situation: null,
        switch: { open: false, openTime: null },
        party: { seller: null, sells: true, providers: ["manual"] },
      }),
      "GET /a/api/vol/volList": () => ({
        list: [service({ enabled: false })],
        total: 1,
        pageNo: 1,
        pageSize: 20,
        switch: { open: false, openTime: null },
        party: { seller: null, sells: true, providers: ["manual"] },
      }),
      "POST /a/api/vol/save": (c: Call) => ({
        service: service({ id: 8, code: (c.body as { code: string }).code }),
      }),
    });
    renderPage(<PurchaseServicePage />);
    const row = await screen.findByTestId("pay-catalogue-row-storage-50");
    expect(within(row).getByText("Withdrawn")).toBeTruthy();
    // Sellers may prepare before buyers see anything: told so, not refused.
    expect(screen.getByTestId("pay-seller-not-open")).toBeTruthy();
    expect(calls.find((c) => c.path === "/a/api/vol/volList")?.query.get("mine")).toBe("1");

    fireEvent.click(screen.getByTestId("pay-service-new"));
    fireEvent.change(await screen.findByTestId("pay-service-code"), { target: { value: "tb-1" } });
    fireEvent.change(screen.getByTestId("pay-service-name-en"), { target: { value: "One terabyte" } });
    fireEvent.change(screen.getByTestId("pay-service-price"), { target: { value: "99.5" } });
    fireEvent.click(screen.getByTestId("pay-service-save"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/vol/save")).toBe(true));
    expect(calls.find((c) => c.path === "/a/api/vol/save")?.body).toEqual({
      code: "tb-1",
      kind: "storage",
      name: { en: "One terabyte" },
      description: {},
      quantity: 10 * GB,
      widgetType: null,
      priceCents: 9950,
      currency: "EUR",
      durationDays: 365,
      enabled: true,
      sort: 0,
    });
  });
});

describe("payment centre", { timeout: 30_000 }, () => {
  it("renders every state with its own tag", async () => {
    grant(BUYER);
    const rows = PAY_ORDER_STATES.map((s, i) => order(`MQ-${i + 1}`, s));
    fakeServer({
      "GET /a/api/payOrder/list": () => ({ list: rows, total: rows.length, pageNo: 1, pageSize: 20 }),
    });
    renderPage(<PaymentCenterPage />);
    await screen.findByTestId("pay-order-row-MQ-1");
    const shown = PAY_ORDER_STATES.map((s, i) => {
      const tag = screen.getByTestId(`pay-state-MQ-${i + 1}`);
      return { state: s, text: tag.textContent, className: tag.className };
    });
    expect(shown.map((s) => s.text)).toEqual([
      "Awaiting payment",
      "Paid",
      "Cancelled",
      "Refunded",
      "Expired",
    ]);
    expect(shown[0]?.className).toContain("gold");
    expect(shown[1]?.className).toContain("green");
    expect(shown[4]?.className).toContain("red");
    expect(screen.getByTestId("pay-order-count").textContent).toBe("5 orders");
  });

  it("lets the seller confirm a transfer, then shows the order paid", async () => {
    grant(SELLER);
    let state: PayOrderState = "pending";
    const current = () =>
      order("MQ-9", state, {
        role: "seller",
        canConfirm: state === "pending",
        canRefund: state === "paid",
        canInvoice: state === "paid",
      });
    const { calls } = fakeServer({
      "GET /a/api/payOrder/list": (c: Call) => {
        expect(c.query.get("pageNo")).toBe("1");
        return { list: [current()], total: 1, pageNo: 1, pageSize: 20 };
      },
      "POST /a/api/payOrder/confirm": () => {
        state = "paid";
        return { order: current() };
      },
    });
    renderPage(<PaymentCenterPage />);
    expect((await screen.findByTestId("pay-state-MQ-9")).textContent).toBe("Awaiting payment");
    expect(screen.queryByTestId("pay-refund-MQ-9")).toBeNull();
    fireEvent.click(screen.getByTestId("pay-confirm-MQ-9"));
    fireEvent.change(await screen.findByTestId("pay-action-note"), { target: { value: "BANK-REF-42" } });
    fireEvent.click(screen.getByTestId("pay-action-ok"));
    await waitFor(() => expect(screen.getByTestId("pay-state-MQ-9").textContent).toBe("Paid"));
    const sent = calls.find((c) => c.path === "/a/api/payOrder/confirm");
    expect(sent?.body).toEqual({ id: 9, note: "BANK-REF-42" });
    expect(calls.filter((c) => c.path === "/a/api/payOrder/list").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId("pay-refund-MQ-9")).toBeTruthy();
    expect(screen.getByTestId("pay-invoice-MQ-9")).toBeTruthy();
    expect(screen.queryByTestId("pay-confirm-MQ-9")).toBeNull();
  });

  it("disables confirming for a user without the right to confirm", async () => {
    grant(BUYER);
    fakeServer({
      "GET /a/api/payOrder/list": () => ({
        list: [order("MQ-3", "pending", { canConfirm: true })],
        total: 1,
        pageNo: 1,
        pageSize: 20,
      }),
    });
    renderPage(<PaymentCenterPage />);
    const confirm = (await screen.findByTestId("pay-confirm-MQ-3")) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.title).toBe("no permission");
  });

  it("sends the chosen state to the server", async () => {
    grant(BUYER);
    const { calls } = fakeServer({
      "GET /a/api/payOrder/list": () => ({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
    });
    renderPage(<PaymentCenterPage />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]?.query.get("state")).toBeNull();
    fireEvent.mouseDown(within(screen.getByTestId("pay-filter-state")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Refunded"));
    await waitFor(() => expect(calls.at(-1)?.query.get("state")).toBe("refunded"));
  });
});

describe("stripe settings editor", { timeout: 30_000 }, () => {
  it("shows a saved key as set without revealing it, and a typed key replaces it", async () => {
    const changes: unknown[] = [];
    const value = {
      enabled: true,
      secretKey: "********",
      webhookSecret: "",
      apiBase: "https://api.stripe.com",
    };
    renderPage(
      <StripeEditor
        type={settingType("stripe")}
        value={value}
        onChange={(v) => changes.push(v)}
        disabled={false}
        fieldErrors={{}}
      />,
    );
    expect(screen.getByTestId("setting-stripe-secretKey-state").textContent).toBe("Set (not shown)");
    expect(screen.getByTestId("setting-stripe-webhookSecret-state").textContent).toBe("Not set");
    const input = screen.getByTestId("setting-stripe-secretKey-input") as HTMLInputElement;
    expect(input.value).toBe("");
    fireEvent.change(input, { target: { value: "sk_test_123" } });
    expect(changes.at(-1)).toEqual({ ...value, secretKey: "sk_test_123" });
  });
});
