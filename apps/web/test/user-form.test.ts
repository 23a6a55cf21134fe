import { type UserDetail, UserSaveBody } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import {
  emptyUserValues,
  officeForest,
  splitFieldErrors,
  subtreeIds,
  toSavePayload,
  type UserOffice,
  valuesFromDetail,
} from "../src/features/user/form";

const offices: UserOffice[] = [
  { id: 1, parentId: null, name: "Platform", type: "platform", blocked: false },
  { id: 2, parentId: 1, name: "Agent", type: "agent", blocked: false },
  { id: 3, parentId: 2, name: "Acme", type: "customer", blocked: true },
  { id: 4, parentId: 3, name: "Acme shop", type: "institution", blocked: true },
  { id: 5, parentId: 2, name: "Other", type: "customer", blocked: false },
];

describe("the user form", () => {
  it("sends a new user with their password, trimmed, in the contract's shape", () => {
    const payload = toSavePayload(
      {
        ...emptyUserValues(3),
        username: "  acme.admin ",
        name: " Acme Admin ",
        email: " boss@acme.test ",
        roleIds: [7],
        password: "Start-pass1",
        confirm: "Start-pass1",
        dataOffices: [4],
      },
      null,
    );
    expect(payload).toEqual({
      username: "acme.admin",
      name: "Acme Admin",
      officeId: 3,
      email: "boss@acme.test",
      phone: "",
      enabled: true,
      remarks: "",
      roleIds: [7],
      dataRange: "subtree",
      dataOffices: [],
      password: "Start-pass1",
    });
    expect(UserSaveBody.safeParse(payload).success).toBe(true);
  });

  it("edits without a password (that is a reset) and keeps chosen institutions only for that range", () => {
    const detail: UserDetail = {
      id: 9,
      username: "keeper",
      name: "Keeper",
      avatar: null,
      email: null,
      phone: "+39 555 0100",
      officeId: 4,
      officeName: "Acme shop",
      officeType: "institution",
      twoFactor: false,
      dataRange: "offices",
      dataOffices: [4],
      enabled: false,
      remarks: null,
      roleIds: [7, 8],
      mustChangePassword: true,
      passwordExpired: false,
      lastLoginAt: null,
      lastLoginIp: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const values = valuesFromDetail(detail);
    expect(values).toMatchObject({ email: "", phone: "+39 555 0100", enabled: false, roleIds: [7, 8] });
    const payload = toSavePayload({ ...values, password: "ignored" }, 9);
    expect(payload).toMatchObject({ id: 9, dataRange: "offices", dataOffices: [4], email: "" });
    expect(payload).not.toHaveProperty("password");
    expect(UserSaveBody.parse(payload)).toMatchObject({ id: 9, email: null, roleIds: [7, 8] });
    expect(toSavePayload({ ...values, dataRange: "own" }, 9).dataOffices).toEqual([]);
  });

  it("puts the server's field errors on the fields it shows, the rest aside", () => {
    const { fields, other } = splitFieldErrors(
      [
        { field: "username", message: "taken" },
        { field: "username", message: "bad" },
        { field: "ids", message: "elsewhere" },
      ],
      ["username", "email"],
    );
    expect(fields).toEqual([{ name: "username", errors: ["taken", "bad"] }]);
    expect(other).toEqual(["elsewhere"]);
  });
});

describe("the institution tree", () => {
  it("nests the flat list, offices whose parent is out of range becoming roots", () => {
    const forest = officeForest(offices.slice(2));
    expect(forest.map((n) => n.title)).toEqual(["Acme", "Other"]);
    expect(forest[0]?.children.map((n) => n.title)).toEqual(["Acme shop"]);
    expect(forest[0]?.blocked).toBe(true);
    const full = officeForest(offices);
    expect(full).toHaveLength(1);
    expect(full[0]?.children[0]?.children.map((n) => n.value)).toEqual([3, 5]);
  });

  it("finds an office and everything below it", () => {
    expect(subtreeIds(offices, 2).sort()).toEqual([2, 3, 4, 5]);
    expect(subtreeIds(offices, 3)).toEqual([3, 4]);
    expect(subtreeIds(offices, 99)).toEqual([]);
  });
});
