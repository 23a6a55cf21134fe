import { describe, expect, it } from "vitest";
import { LOCALES } from "../src/i18n/locales";
import { flattenMenu, MENU_SEED, type MenuSeed, ROUTE_NAMES, ROUTE_TITLES } from "../src/menu";
import { isPermission, PERMISSION_GROUPS, PERMISSIONS } from "../src/permissions";

const flat = flattenMenu();
const treeNames = flat.map((entry) => entry.name);

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe("route titles", () => {
  const names = [...new Set([...ROUTE_NAMES, ...treeNames])];

  it.each(names)("%s has a title in every language", (name) => {
    const titles = ROUTE_TITLES[name];
    expect(titles, name).toBeDefined();
    for (const locale of LOCALES) {
      expect(titles?.[locale]?.trim(), `${name} in ${locale}`).toBeTruthy();
    }
  });

  it("never copies the English title into another language", () => {
    const copied = Object.entries(ROUTE_TITLES).flatMap(([name, titles]) =>
      LOCALES.filter((locale) => locale !== "en" && titles[locale] === titles.en).map(
        (locale) => `${name}.${locale}`,
      ),
    );
    expect(copied).toEqual([]);
  });

  it("has no title for a name that is neither a route nor in the tree", () => {
    const known = new Set(names);
    expect(Object.keys(ROUTE_TITLES).filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("menu seed", () => {
  it("uses every name and every path once", () => {
    expect(duplicates(treeNames)).toEqual([]);
    expect(duplicates(flat.map((entry) => entry.path))).toEqual([]);
    expect(duplicates(ROUTE_NAMES)).toEqual([]);
  });

  it("only uses permissions of the catalogue", () => {
    const unknown = flat
      .map((entry) => entry.permission)
      .filter((permission) => permission !== undefined && permission !== "*" && !isPermission(permission));
    expect(unknown).toEqual([]);
  });

  it("gives every leaf the authority its screen needs", () => {
    const open = flat.filter((entry) => !entry.children?.length && entry.permission === undefined);
    expect(open.map((entry) => entry.name)).toEqual([]);
  });

  it("guards the notification list and the demo page as the spec says", () => {
    const byName = new Map(flat.map((entry) => [entry.name, entry]));
    expect(byName.get("messageNotification")).toMatchObject({
      path: "/sysManage/messageNotification",
      permission: "sys:messageNotification:view",
    });
    // A page of System management (migration 0015 shows it in the menu of existing databases).
    expect(byName.get("messageNotification")?.invisible).toBeFalsy();
    expect(byName.get("demo")).toMatchObject({ path: "auth/demo", permission: "form", roles: ["manager"] });
    expect(byName.get("PlanMake")).toMatchObject({ parentName: "playPlan", invisible: true });
    for (const hidden of ["personalCenter", "apmWeb", "exception403", "exception404", "exception500"]) {
      expect(byName.get(hidden)?.invisible, hidden).toBe(true);
    }
  });
});

describe("flattenMenu", () => {
  it("lists parents before their children, with their index among siblings", () => {
    const seen = new Set<string>();
    for (const entry of flat) {
      if (entry.parentName !== null) expect(seen.has(entry.parentName), entry.name).toBe(true);
      seen.add(entry.name);
    }
    expect(flat[0]).toMatchObject({ name: MENU_SEED[0]?.name, parentName: null, sort: 0 });
  });

  it("numbers siblings in order and keeps every entry", () => {
    const tree: MenuSeed[] = [
      {
        name: "a",
        path: "a",
        children: [
          { name: "a1", path: "a/1" },
          { name: "a2", path: "a/2" },
        ],
      },
      { name: "b", path: "b" },
    ];
    expect(flattenMenu(tree).map(({ name, parentName, sort }) => [name, parentName, sort])).toEqual([
      ["a", null, 0],
      ["a1", "a", 0],
      ["a2", "a", 1],
      ["b", null, 1],
    ]);
  });
});

describe("permission catalogue", () => {
  it("has no duplicates and only domain:entity:action strings, but the demo's form as the spec names it", () => {
    expect(duplicates(PERMISSIONS)).toEqual([]);
    for (const permission of PERMISSIONS.filter((p) => p !== "form")) {
      expect(permission).toMatch(/^[a-z]+:[a-zA-Z]+:[a-zA-Z]+$/);
    }
    expect(PERMISSIONS).toContain("form");
    expect(PERMISSION_GROUPS.form).toEqual(["form"]);
  });

  it("puts every permission in exactly one group, and only catalogue permissions", () => {
    const grouped = Object.values(PERMISSION_GROUPS).flat();
    expect(grouped.filter((permission) => !isPermission(permission))).toEqual([]);
    expect(duplicates(grouped)).toEqual([]);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it("recognises catalogue permissions only", () => {
    expect(isPermission("sys:messageNotification:view")).toBe(true);
    expect(isPermission("sys:messageNotification")).toBe(false);
    expect(isPermission(42)).toBe(false);
  });
});
