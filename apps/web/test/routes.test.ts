import { MENU_SEED, type MenuSeed, PERMISSIONS } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { type GuardContext, runGuards } from "../src/router/guards";
import { flattenRoutes, STATIC_ROUTES, type StaticRoute, staticRoute } from "../src/router/routes";
import type { RouteNode } from "../src/services/session";

const node = (
  name: string,
  path: string,
  authority: RouteNode["meta"]["authority"],
  children: RouteNode[] = [],
  invisible = false,
): RouteNode => ({
  id: 0,
  parentId: null,
  name,
  path,
  component: name,
  icon: null,
  sort: 0,
  meta: { title: name, titles: null, invisible, authority },
  children,
});

const tree = [
  node("home", "home", "*"),
  node("sysManage", "sysManage", "*", [
    node("sysLog", "sys/log", "sys:log:view"),
    node("messageNotification", "/sysManage/messageNotification", "sys:messageNotification:view", [], true),
  ]),
  node("playPlan", "playPlan/list", "content:plan:view", [
    node("PlanMake", "playPlan/planMake", "content:plan:edit", [], true),
  ]),
];

describe("route merge", () => {
  it("makes every server page absolute, with its inherited authority chain and visibility", () => {
    const pages = flattenRoutes(tree);
    expect(pages.map((p) => p.path)).toEqual([
      "/home",
      "/sys/log",
      "/sysManage/messageNotification",
      "/playPlan/list",
      "/playPlan/planMake",
    ]);
    expect(pages.find((p) => p.name === "sysLog")?.chain).toEqual(["*", "sys:log:view"]);
    expect(pages.find((p) => p.name === "PlanMake")).toMatchObject({
      invisible: true,
      chain: ["content:plan:view", "content:plan:edit"],
    });
  });
});

function ctx(over: Partial<GuardContext>): GuardContext {
  return {
    path: "/home",
    search: "",
    signedIn: true,
    sessionExpired: false,
    checkSession: async () => true,
    pages: flattenRoutes(tree),
    tree,
    permissions: [],
    roles: [],
    startProgress: () => undefined,
    setLoading: () => undefined,
    ...over,
  };
}

describe("the navigation guard (spec §4)", () => {
  it("runs progress, loading, login, permission and group redirect in that order", async () => {
    const calls: string[] = [];
    await runGuards(
      ctx({
        startProgress: () => calls.push("progress"),
        setLoading: () => calls.push("loading"),
        checkSession: async () => {
          calls.push("login");
          return true;
        },
      }),
    );
    expect(calls).toEqual(["progress", "loading", "login"]);
  });

  it("sends a signed-out visitor to /login with the expired warning, but lets public pages through", async () => {
    expect(await runGuards(ctx({ signedIn: false }))).toEqual({
      redirect: "/login",
      warn: { key: "session.expired" },
    });
    expect(await runGuards(ctx({ signedIn: true, checkSession: async () => false }))).toMatchObject({
      redirect: "/login",
    });
    expect(await runGuards(ctx({ signedIn: false, path: "/404" }))).toEqual({ next: true });
  });

  it("sends a user without the permission to /403 naming the page", async () => {
    expect(await runGuards(ctx({ path: "/sys/log" }))).toEqual({
      redirect: "/403",
      warn: { key: "layout.noAccess", values: { path: "/sys/log" } },
    });
    expect(await runGuards(ctx({ path: "/sys/log", permissions: ["sys:log:view"] }))).toEqual({ next: true });
  });

  it("sends a session whose cookie ran out to /login with the warning, without asking the server", async () => {
    let asked = false;
    const checkSession = async () => {
      asked = true;
      return true;
    };
    expect(await runGuards(ctx({ sessionExpired: true, checkSession }))).toEqual({
      redirect: "/login",
      warn: { key: "session.expired" },
    });
    expect(asked).toBe(false);
  });

  it("opens a group's first child the user may open, in every layout", async () => {
    const groups = [
      node("sysManage", "sysManage", "*", [
        node("sysLog", "sys/log", "sys:log:view"),
        node(
          "messageNotification",
          "/sysManage/messageNotification",
          "sys:messageNotification:view",
          [],
          true,
        ),
        node("userManage", "sys/user/", "sys:user:view"),
      ]),
      node("auth", "auth", "*", [node("demo", "auth/demo", { permission: "form", role: ["manager"] })]),
      node("locked", "locked", "sys:menu:view", [node("menuManage", "sysManage/menuManage", "*")]),
    ];
    const at = (path: string, permissions: string[], roles: string[] = []) =>
      runGuards(ctx({ path, tree: groups, pages: flattenRoutes(groups), permissions, roles }));
    expect(await at("/sysManage", ["sys:log:view", "sys:user:view"])).toEqual({ redirect: "/sys/log" });
    // the first one the user may open, never an invisible one
    expect(await at("/sysManage", ["sys:user:view", "sys:messageNotification:view"])).toEqual({
      redirect: "/sys/user",
    });
    expect(await at("/auth", [], ["manager"])).toEqual({ redirect: "/auth/demo" });
    // nothing inside to open, or the group itself closed: refused like a page
    for (const [path, permissions] of [
      ["/sysManage", []],
      ["/locked", []],
    ] as const) {
      expect(await at(path, [...permissions])).toEqual({
        redirect: "/403",
        warn: { key: "layout.noAccess", values: { path } },
      });
    }
    expect(await at("/locked", ["sys:menu:view"])).toEqual({ redirect: "/sysManage/menuManage" });
    // a page with children of its own is a page, not a group
    expect(await runGuards(ctx({ path: "/playPlan/list", permissions: ["content:plan:view"] }))).toEqual({
      next: true,
    });
  });
});

/** An address for each static route, with a query naming what the page acts on where it reads one. */
const ADDRESSES = STATIC_ROUTES.flatMap((r) =>
  r.path === "/publishSet" || r.path === "/terminalSelection"
    ? ["program", "plan", "message"].map((kind) => ({ route: r, search: `?kind=${kind}&id=7` }))
    : [{ route: r, search: "" }],
);
const needed = (route: StaticRoute, search: string) =>
  route
    .authority(new URLSearchParams(search))
    .flatMap((a) => (typeof a === "string" ? [a] : a?.permission ? [a.permission] : []))
    .filter((p) => p !== "*");

describe("the static routes' authority", () => {
  it("refuses every static page to a user lacking any one permission it needs, naming the page", async () => {
    let refused = 0;
    for (const { route, search } of ADDRESSES.filter((a) => !a.route.public)) {
      for (const missing of needed(route, search)) {
        const permissions = PERMISSIONS.filter((p) => p !== missing);
        const result = await runGuards(ctx({ path: route.path, search, permissions, pages: [], tree: [] }));
        expect(result, `${route.path}${search} without ${missing}`).toEqual({
          redirect: "/403",
          warn: { key: "layout.noAccess", values: { path: route.path } },
        });
        refused++;
      }
      expect(
        await runGuards(
          ctx({ path: route.path, search, permissions: [...PERMISSIONS], pages: [], tree: [] }),
        ),
        `${route.path}${search} with every permission`,
      ).toEqual({ next: true });
    }
    // PlanMake needs two, programEditor one, the six publish addresses one each
    expect(refused).toBe(9);
  });

  it("names the permissions of the pages' places in the menu seed", () => {
    const chain = (name: string) => {
      const walk = (nodes: readonly MenuSeed[], above: string[]): string[] | undefined => {
        for (const n of nodes) {
          const here = n.permission ? [...above, n.permission] : above;
          if (n.name === name) return here;
          const deeper = walk(n.children ?? [], here);
          if (deeper) return deeper;
        }
        return undefined;
      };
      return [...new Set(walk(MENU_SEED, []))];
    };
    for (const [path, name] of [
      ["/PlanMake", "PlanMake"],
      ["/programEditor", "programEditor"],
    ] as const) {
      expect(needed(staticRoute(path) as StaticRoute, ""), path).toEqual(chain(name));
    }
  });

  it("matches static paths without case, as the router does, and checks the server's page at the same path too", async () => {
    expect(await runGuards(ctx({ path: "/planmake", permissions: [] }))).toMatchObject({ redirect: "/403" });
    const editorTree = [node("programEditor", "/programEditor", "sys:menu:view")];
    const at = (permissions: string[]) =>
      runGuards(
        ctx({ path: "/programEditor", tree: editorTree, pages: flattenRoutes(editorTree), permissions }),
      );
    expect(await at(["content:program:edit"])).toMatchObject({ redirect: "/403" });
    expect(await at(["content:program:edit", "sys:menu:view"])).toEqual({ next: true });
  });

  it("lets anyone reach the public pages, and any signed-in user the embedded frame", async () => {
    for (const route of STATIC_ROUTES.filter((r) => r.public))
      expect(await runGuards(ctx({ path: route.path, signedIn: false })), route.path).toEqual({ next: true });
    expect(await runGuards(ctx({ path: "/inframe", search: "?src=%2Fhelp" }))).toEqual({ next: true });
    expect(await runGuards(ctx({ path: "/inframe", signedIn: false }))).toMatchObject({ redirect: "/login" });
  });
});
