import { GB, type OfficeDetail, OfficeSaveBody } from "@marquee/contracts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { type OfficeFormValues, toFormValues, toSaveBody } from "../src/features/office/form";
import { bytesToGb, creatableKinds, gbToBytes, usagePercent } from "../src/features/office/format";
import { branches, findLoaded, type LazyState } from "../src/features/office/lazyTree";

const stored = (patch: Partial<OfficeDetail> = {}): OfficeDetail => ({
  id: 7,
  parentId: 2,
  name: "Acme Retail",
  type: "customer",
  code: null,
  enabled: true,
  expiresAt: "2027-03-31T21:59:59.999Z",
  state: "active",
  childCount: 0,
  isLeaf: true,
  path: "/1/2/7/",
  contactName: "Giulia",
  contactPhone: null,
  contactEmail: null,
  address: null,
  remarks: null,
  sort: 0,
  capacityBytes: 5 * GB,
  terminalQuota: 20,
  createDate: "2026-01-01T00:00:00.000Z",
  updateDate: "2026-01-01T00:00:00.000Z",
  ...patch,
});

const values = (patch: Partial<OfficeFormValues> = {}): OfficeFormValues => ({
  name: "  Acme Retail ",
  enabled: true,
  ...patch,
});

describe("the office form's save body", () => {
  it("creates a customer with its quotas in bytes and its term at the end of the chosen day", () => {
    const day = dayjs("2027-03-31T10:00:00");
    const body = toSaveBody(
      values({
        parentId: 2,
        type: "customer",
        capacityGb: 1.5,
        terminalQuota: 10,
        expiresAt: day,
        contactEmail: "",
      }),
      "customer",
      null,
    );
    expect(body).toMatchObject({
      parentId: 2,
      type: "customer",
      name: "Acme Retail",
      capacityBytes: 1.5 * GB,
      terminalQuota: 10,
      expiresAt: day.endOf("day").toISOString(),
      enabled: true,
    });
    expect(body).not.toHaveProperty("id");
    const parsed = OfficeSaveBody.safeParse(body);
    expect(parsed.success).toBe(true);
    // empty text is stored as nothing
    expect(parsed.data?.contactEmail).toBeNull();
  });

  it("creates an institution without quotas or term, which only tenants carry", () => {
    const body = toSaveBody(
      values({ parentId: 2, type: "institution", terminalQuota: 4 }),
      "institution",
      null,
    );
    expect(body).not.toHaveProperty("terminalQuota");
    expect(body).not.toHaveProperty("capacityBytes");
    expect(body).not.toHaveProperty("expiresAt");
    expect(OfficeSaveBody.safeParse(body).success).toBe(true);
  });

  it("leaves unchanged limits out of an edit, so a tenant's own administrator can save its contact", () => {
    const original = stored();
    const body = toSaveBody({ ...toFormValues(original), contactName: "Giulia Rossi" }, "customer", original);
    expect(body).toMatchObject({ id: 7, contactName: "Giulia Rossi" });
    for (const field of ["capacityBytes", "terminalQuota", "expiresAt", "enabled", "parentId", "type"])
      expect(body, field).not.toHaveProperty(field);
    expect(OfficeSaveBody.safeParse(body).success).toBe(true);
  });

  it("sends what changed in an edit, and null for a cleared limit", () => {
    const original = stored();
    const body = toSaveBody(
      { ...toFormValues(original), terminalQuota: null, capacityGb: 6, enabled: false },
      "customer",
      original,
    );
    expect(body).toMatchObject({ terminalQuota: null, capacityBytes: 6 * GB, enabled: false });
    expect(body).not.toHaveProperty("expiresAt");
    // the platform is never disabled
    const platform = stored({ parentId: null, type: "platform", capacityBytes: null, terminalQuota: null });
    expect(
      toSaveBody({ ...toFormValues(platform), enabled: false }, "platform", platform),
    ).not.toHaveProperty("enabled");
  });
});

describe("org helpers", () => {
  it("converts GB both ways, empty meaning unlimited", () => {
    expect(gbToBytes(2)).toBe(2 * GB);
    expect(gbToBytes(null)).toBeNull();
    expect(bytesToGb(2.25 * GB)).toBe(2.25);
    expect(bytesToGb(null)).toBeNull();
    expect(bytesToGb(gbToBytes(0.01))).toBe(0.01);
  });

  it("offers the kinds a parent takes and the caller may create", () => {
    const all = { office: true, customer: true, agent: true };
    expect(creatableKinds("platform", all)).toEqual(["institution", "customer", "agent"]);
    expect(creatableKinds("agent", all)).toEqual(["institution", "customer"]);
    expect(creatableKinds("customer", all)).toEqual(["institution"]);
    expect(creatableKinds("institution", { office: false, customer: true, agent: false })).toEqual([]);
  });

  it("measures usage against a quota", () => {
    expect(usagePercent(5, 10)).toBe(50);
    expect(usagePercent(12, 10)).toBe(100);
    expect(usagePercent(5, null)).toBeNull();
    expect(usagePercent(0, 0)).toBe(0);
  });

  it("builds the loaded part of a lazy tree, and finds loaded nodes", () => {
    const node = (id: number, parentId: number | null, isLeaf = false) => ({ id, parentId, isLeaf });
    const state: LazyState<ReturnType<typeof node>> = {
      roots: [node(1, null)],
      children: new Map([
        [1, [node(2, 1), node(3, 1, true)]],
        [2, [node(4, 2, true)]],
      ]),
    };
    const tree = branches(state);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children?.map((b) => b.node.id)).toEqual([2, 3]);
    expect(tree[0]?.children?.[0]?.children?.map((b) => b.node.id)).toEqual([4]);
    // not loaded yet: the widget may ask for it
    expect(tree[0]?.children?.[1]?.children).toBeUndefined();
    expect(findLoaded(state, 4)?.parentId).toBe(2);
    expect(findLoaded(state, 9)).toBeUndefined();
  });
});
