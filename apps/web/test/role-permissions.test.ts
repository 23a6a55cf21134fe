import { LOCALES, PERMISSIONS, type PermissionNode } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { permissionLabelKey, reconcile, toTreeItems } from "../src/features/role/permissionTree";
import en from "../src/locales/en";
import fr from "../src/locales/fr";
import it_ from "../src/locales/it";
import ru from "../src/locales/ru";
import zh_CN from "../src/locales/zh_CN";
import zh_TW from "../src/locales/zh_TW";

const CATALOGUES = { zh_CN, zh_TW, en, it: it_, ru, fr };

/** The value at a dotted key of a catalogue. */
function at(obj: object, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as never)[k] : undefined), obj);
}
function leafKeys(obj: object, prefix: string): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? leafKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe("permission labels", () => {
  it.each(LOCALES)("%s labels every permission of the catalogue, and nothing else", (locale) => {
    for (const p of PERMISSIONS) {
      const label = at(CATALOGUES[locale], permissionLabelKey(p));
      expect(typeof label === "string" && label.trim() !== "", `${locale} ${p}`).toBe(true);
    }
    const labelled = leafKeys(CATALOGUES[locale].role.permissions, "role.permissions.");
    expect(labelled.sort()).toEqual(PERMISSIONS.map(permissionLabelKey).sort());
  });

  it("gives two permissions the same label in no language", () => {
    for (const locale of LOCALES) {
      const labels = PERMISSIONS.map((p) => at(CATALOGUES[locale], permissionLabelKey(p)));
      expect(new Set(labels).size, locale).toBe(PERMISSIONS.length);
    }
  });
});

const leaf = (permission: string, grantable: boolean): PermissionNode => ({
  key: permission,
  kind: "permission",
  permission,
  grantable,
  ...(grantable ? {} : { reason: "notHeld" as const }),
  children: [],
});
const tree: PermissionNode[] = [
  {
    key: "menu:1",
    kind: "menu",
    name: "sysManage",
    title: "System management",
    children: [
      {
        key: "menu:2",
        kind: "menu",
        name: "roleManage",
        title: "Role management",
        children: [leaf("sys:role:view", true), leaf("sys:role:edit", true), leaf("sys:role:delete", false)],
      },
      {
        key: "menu:3",
        kind: "menu",
        name: "sysLog",
        title: "System log",
        children: [leaf("sys:log:view", false), leaf("sys:log:export", false)],
      },
    ],
  },
  { key: "other", kind: "other", children: [leaf("terminal:strategy:view", true)] },
];

describe("the permission tree of the role editor", () => {
  it("disables the leaves the caller cannot grant, and groups whose leaves all are", () => {
    const items = toTreeItems(tree, (n) => n.title ?? n.permission ?? n.key);
    const [sys, other] = items;
    expect(sys?.disableCheckbox).toBe(false);
    const [roles, log] = sys?.children ?? [];
    expect(roles?.children.map((c) => [c.key, c.disableCheckbox, c.reason])).toEqual([
      ["sys:role:view", false, null],
      ["sys:role:edit", false, null],
      ["sys:role:delete", true, "notHeld"],
    ]);
    expect(log?.disableCheckbox).toBe(true);
    expect(other?.disableCheckbox).toBe(false);
    // A locked role (the administrator, or a tenant's own built-in one) is shown, not edited.
    const locked = toTreeItems(tree, (n) => n.key, true);
    expect(locked.every((i) => i.disableCheckbox && i.children.every((c) => c.disableCheckbox))).toBe(true);
  });

  it("turns checked keys into permissions: grantable leaves only, group keys dropped, in catalogue order", () => {
    expect(
      reconcile(["menu:1", "menu:2", "sys:role:edit", "sys:role:view", "other", "sys:log:view"], tree, []),
    ).toEqual(["sys:role:view", "sys:role:edit"]);
  });

  it("keeps what the role had and the caller cannot grant, and drops what the catalogue lost", () => {
    // The caller unchecks everything: the permissions they may not touch stay.
    expect(reconcile([], tree, ["sys:role:edit", "sys:log:export", "sys:gone:view"])).toEqual([
      "sys:log:export",
    ]);
  });
});
