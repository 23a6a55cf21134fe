import { describe, expect, it } from "vitest";
import { type GuardContext, runGuards } from "../src/router/guards";
import { flattenRoutes } from "../src/router/routes";
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
    signedIn: true,
    checkSession: async () => true,
    pages: flattenRoutes(tree),
    tree,
    permissions: [],
    roles: [],
    layout: "side",
    startProgress: () => undefined,
    setLoading: () => undefined,
    ...over,
  };
}

describe("the navigation guard (spec §4)", () => {
  it("runs progress, loading, login, permission and mix redirect in that order", async () => {
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
      warn: { key: "login.expired" },
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

  it("redirects a group to its first visible leaf in the mix layout only", async () => {
    expect(await runGuards(ctx({ path: "/sysManage", layout: "mix" }))).toEqual({ redirect: "/sys/log" });
    expect(await runGuards(ctx({ path: "/sysManage", layout: "side" }))).toEqual({ next: true });
  });
});
