import { describe, expect, it } from "vitest";
import { can, hasAuthority, levelAllows } from "../src/access/authority";

describe("route authority (spec §5, §6)", () => {
  it("opens '*' and undefined levels to everyone", () => {
    expect(levelAllows("*", [], [])).toBe(true);
    expect(levelAllows(undefined, [], [])).toBe(true);
    expect(levelAllows({ permission: "*" }, [], [])).toBe(true);
  });

  it("grants by permission string, by permission object, or by role", () => {
    expect(levelAllows("sys:log:view", ["sys:log:view"], [])).toBe(true);
    expect(levelAllows("sys:log:view", [{ id: "sys:log:view", operation: ["export"] }], [])).toBe(true);
    expect(levelAllows("sys:log:view", ["sys:user:view"], [])).toBe(false);
    expect(levelAllows({ permission: "form", role: ["manager"] }, [], ["manager"])).toBe(true);
    expect(levelAllows({ permission: "form", role: "manager" }, [], [{ id: "manager" }])).toBe(true);
    expect(levelAllows({ permission: "form", role: ["manager"] }, [], ["viewer"])).toBe(false);
    expect(levelAllows("anything", ["*"], [])).toBe(true);
  });

  it("needs a match at every level of the inherited chain", () => {
    const chain = [{ permission: "sys:group", role: ["admin"] }, "sys:log:view"];
    expect(hasAuthority(chain, ["sys:log:view"], [])).toBe(false);
    expect(hasAuthority(chain, ["sys:log:view"], ["admin"])).toBe(true);
    expect(hasAuthority(chain, ["sys:group", "sys:log:view"], [])).toBe(true);
    expect(hasAuthority(["*", "sys:log:view"], ["sys:group"], [])).toBe(false);
  });
});

describe("operation checks", () => {
  it("tests an operation against the route's permission entry or the roles' operation lists, with a reason", () => {
    const perms = [{ id: "form", operation: ["add", "edit"] }];
    expect(can("add", "form", perms, [])).toEqual({ can: true });
    expect(can("delete", "form", perms, [])).toEqual({ can: false, reason: "noPermission" });
    expect(can("delete", "form", perms, [{ id: "manager", operation: ["delete"] }])).toEqual({
      can: true,
    });
    expect(can("add", "other:route", perms, [])).toEqual({ can: false, reason: "noPermission" });
    expect(can("anything", undefined, ["*"], [])).toEqual({ can: true });
  });
});
