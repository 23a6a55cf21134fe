import { LOCALES, type MenuEntry, MenuSaveBody } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { inframePath } from "../src/features/menu/links";
import { dropMove, entryTitle, locate, toBody, toForm } from "../src/features/menu/menuTree";
import { flattenRoutes } from "../src/router/routes";

const entry = (id: number, name: string, parentId: number | null, children: MenuEntry[] = []): MenuEntry => ({
  id,
  parentId,
  name,
  path: name,
  component: name,
  icon: null,
  sort: 0,
  meta: {
    title: name.toUpperCase(),
    titles: null,
    invisible: false,
    authority: "*",
    link: null,
    frame: false,
  },
  builtIn: false,
  permission: null,
  roles: [],
  componentOverride: null,
  link: null,
  frame: false,
  children,
});

// a [a1, a2, a3], b [], c
const tree = [
  entry(1, "a", null, [entry(11, "a1", 1), entry(12, "a2", 1), entry(13, "a3", 1)]),
  entry(2, "b", null),
  entry(3, "c", null),
];
const drop = (
  dragId: number,
  dropId: number,
  relative: number,
  dropToGap = true,
  dropOpenWithChildren = false,
) => dropMove(tree, { dragId, dropId, relative, dropToGap, dropOpenWithChildren });

describe("moving menu entries by drag", () => {
  it("finds where an entry sits", () => {
    expect(locate(tree, 12)).toMatchObject({ parentId: 1, index: 1 });
    expect(locate(tree, 3)).toMatchObject({ parentId: null, index: 2 });
    expect(locate(tree, 99)).toBeNull();
  });

  it("reorders among siblings, counting the moved entry out first", () => {
    expect(drop(11, 13, 1)).toEqual({ id: 11, parentId: 1, index: 2 }); // after a3: last
    expect(drop(13, 11, -1)).toEqual({ id: 13, parentId: 1, index: 0 }); // before a1: first
    expect(drop(11, 12, 1)).toEqual({ id: 11, parentId: 1, index: 1 }); // after a2
    expect(drop(12, 11, 1)).toBeNull(); // right where it is
  });

  it("moves into another entry, or beside one at another level", () => {
    expect(drop(12, 2, 0, false)).toEqual({ id: 12, parentId: 2, index: 0 }); // onto b
    expect(drop(12, 3, 1)).toEqual({ id: 12, parentId: null, index: 3 }); // after c
    expect(drop(3, 11, -1)).toEqual({ id: 3, parentId: 1, index: 0 }); // before a1
    // Just below an open entry with children: its first child.
    expect(drop(3, 1, 1, true, true)).toEqual({ id: 3, parentId: 1, index: 0 });
  });

  it("never puts an entry inside itself", () => {
    expect(drop(1, 12, 0, false)).toBeNull();
    expect(drop(1, 1, 0, false)).toBeNull();
  });
});

describe("the edit form of an entry", () => {
  it("sends back what it shows, in a body the server accepts", () => {
    const e = {
      ...entry(12, "a2", 1),
      icon: "BookOutlined",
      sort: 4,
      permission: "sys:log:view",
      roles: ["auditor"],
      link: "https://docs.example.com",
      frame: true,
      meta: {
        ...entry(12, "a2", 1).meta,
        titles: {
          zh_CN: "手册",
          zh_TW: "手冊",
          en: "Handbook",
          it: "Manuale",
          ru: "Справочник",
          fr: "Manuel",
        },
      },
    };
    const body = toBody(toForm(e), e);
    expect(body).toMatchObject({
      id: 12,
      parentId: 1,
      sort: 4,
      name: "a2",
      icon: "BookOutlined",
      permission: "sys:log:view",
      roles: ["auditor"],
      link: "https://docs.example.com",
      frame: true,
      component: "",
      titles: { en: "Handbook", fr: "Manuel" },
    });
    expect(MenuSaveBody.safeParse(body).success).toBe(true);
  });

  it("starts a new entry below its parent with six empty titles, and places it last", () => {
    const form = toForm(null, tree[0] ?? null);
    expect(form.parentId).toBe(1);
    expect(Object.keys(form.titles).sort()).toEqual([...LOCALES].sort());
    const body = toBody({ ...form, name: "x", path: "a/x", titles: { ...form.titles, en: "X" } }, null);
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("sort");
    // No link: nothing to frame.
    expect(toBody({ ...form, name: "x", path: "a/x", frame: true }, null).frame).toBe(false);
  });

  it("lets a moved entry go last under its new parent", () => {
    const e = entry(12, "a2", 1);
    expect(toBody({ ...toForm(e), parentId: 2 }, e)).not.toHaveProperty("sort");
  });

  it("shows the title of the user's language", () => {
    const e = {
      ...entry(2, "b", null),
      meta: { ...entry(2, "b", null).meta, titles: { ...emptyTitles(), fr: "Bé" } },
    };
    expect(entryTitle(e, "fr")).toBe("Bé");
    expect(entryTitle(e, "en")).toBe("B");
  });
});

function emptyTitles() {
  return { zh_CN: "", zh_TW: "", en: "", it: "", ru: "", fr: "" };
}

describe("menu entries in the router", () => {
  it("carries an entry's link, frame and component to its page", () => {
    const handbook = {
      ...entry(5, "handbook", null),
      path: "sysManage/handbook",
      meta: { ...entry(5, "handbook", null).meta, link: "https://docs.example.com/a b", frame: true },
    };
    const audit = { ...entry(6, "auditView", null), path: "sysManage/audit", component: "sysLog" };
    const pages = flattenRoutes([handbook, audit]);
    expect(pages[0]).toMatchObject({
      path: "/sysManage/handbook",
      link: "https://docs.example.com/a b",
      frame: true,
    });
    expect(pages[1]).toMatchObject({
      path: "/sysManage/audit",
      component: "sysLog",
      link: null,
      frame: false,
    });
    expect(inframePath("https://docs.example.com/a b")).toBe(
      "/inframe?src=https%3A%2F%2Fdocs.example.com%2Fa%20b",
    );
  });
});
