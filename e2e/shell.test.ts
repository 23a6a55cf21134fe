import { AUTH_COOKIE } from "@marquee/contracts";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  chooseFromHoverMenu,
  confirmDialog,
  type E2E,
  screenshot,
  signIn,
  startE2E,
} from "./harness";

let e: E2E;
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  e = await startE2E();
});
afterEach(async () => {
  await e?.closeContexts();
});
afterAll(async () => {
  await e?.close();
});

async function firstPage(locale?: string, options?: { motion?: boolean }): Promise<Page> {
  const ctx = await e.context(locale, options);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

describe("first run and sign-in", () => {
  it("sends the first visitor to initialisation, creates the administrator, then signs in with encryption", async () => {
    // A French browser with no language cookie: the first-run page speaks French and offers the switch.
    const page = await firstPage("fr-FR");
    await page.goto("/");
    await page.waitForURL("**/init");
    await page.getByText("Configurer Marquee").waitFor();
    await page.getByTestId("language-switch").waitFor();
    await screenshot(page, "init-fr");
    await page.getByTestId("language-switch").hover();
    await page.getByTestId("lang-en").click();
    await page.getByText("Set up Marquee").waitFor();
    await page.locator("#init_officeName").fill("Marquee HQ");
    await page.locator("#init_username").fill(ADMIN.username);
    await page.locator("#init_name").fill("Ada Admin");
    await page.locator("#init_email").fill("ada@marquee.test");
    await page.locator("#init_password").fill(ADMIN.password);
    await page.locator("#init_confirm").fill(ADMIN.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL("**/login");
    await screenshot(page, "login");

    // the password leaves the browser encrypted
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/apm-web/a/login")) sent.push(r.postData() ?? "");
    });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/home");
    expect(sent[0]).toMatch(/password=[0-9a-f]{512}/);
    expect(sent[0]).not.toContain(ADMIN.password);
    await expect.poll(() => page.title()).toMatch(/^Admin \| /);
    await page.waitForTimeout(1200); // the page's entrance animation
    await screenshot(page, "layout-dark");
  });
});

async function signedInPage(locale?: string, user = ADMIN, options?: { motion?: boolean }): Promise<Page> {
  const page = await firstPage(locale, options);
  if (locale) {
    await page.context().addCookies([{ name: "language", value: locale, url: e.base }]);
  }
  await signIn(page, user.username, user.password);
  await page.waitForURL("**/home");
  await page.getByTestId("side-menu").waitFor();
  return page;
}

/** Tabs of the multi-tab bar (pages may have tabs of their own). */
const tabCount = (page: Page) => page.getByTestId("multi-tab").locator(".ant-tabs-tab").count();

/** The text of the toasts on the page (antd message). */
const toasts = (page: Page) => page.locator(".ant-message").innerText();

describe("sign-in protection", () => {
  afterAll(async () => {
    await e.server.app.services.db.execute((await import("drizzle-orm")).sql`delete from login_guards`);
  });

  it("shows the captcha after three wrong passwords and refuses a wrong captcha", async () => {
    const page = await firstPage("en");
    await page.context().addCookies([{ name: "language", value: "en", url: e.base }]);
    for (let i = 0; i < 3; i++) {
      // each attempt must reach the server before the next (the button ignores clicks while busy)
      const answered = page.waitForResponse((r) => r.url().endsWith("/apm-web/a/login"));
      await signIn(page, ADMIN.username, "Wrong-pass-1");
      await answered;
      await expect
        .poll(() => page.locator(".ant-alert-error").textContent())
        .toContain("Wrong username or password");
    }
    const captcha = page.getByTestId("captcha");
    await expect.poll(() => captcha.isVisible()).toBe(true);
    await page.getByPlaceholder("Characters in the picture").fill("zzzz");
    await page.locator("input[type=password]").fill(ADMIN.password);
    const refused = page.waitForResponse((r) => r.url().endsWith("/apm-web/a/login"));
    await page.locator("button[type=submit]").click();
    await refused;
    await expect
      .poll(() => page.locator(".ant-alert-error").textContent())
      .toMatch(/characters from the picture are wrong/);
    // the page shows a new picture after a refusal; wait until it has loaded (it sets its own cookie)
    await expect
      .poll(() =>
        captcha.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      )
      .toBe(true);
    // a solved captcha (its answer known to the test through the server) lets the right password in
    const solved = await e.server.app.services.captcha.create();
    await page
      .context()
      .addCookies([{ name: "captchaId", value: solved.id, domain: "127.0.0.1", path: "/apm-web" }]);
    await page.getByPlaceholder("Characters in the picture").fill(solved.answer);
    await page.locator("input[type=password]").fill(ADMIN.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL("**/home");
  });
});

describe("languages", () => {
  it("switches to English and back, and keeps the choice across a reload", async () => {
    const page = await signedInPage();
    await expect.poll(() => page.getByTestId("side-menu").textContent()).toContain("首页");
    const menuSays = (word: string) => async () =>
      ((await page.getByTestId("side-menu").textContent()) ?? "").includes(word);
    await chooseFromHoverMenu(page, "language-switch", "lang-en", menuSays("Home"));
    await page.reload();
    await expect.poll(() => page.getByTestId("side-menu").textContent()).toContain("Home");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    // The cookie's catalogue is asked for while the page is parsed, before the console's code has run.
    const catalogue = await page.evaluate(() => {
      const fetched = performance.getEntriesByType("resource").find((r) => r.name.includes("/assets/en-"));
      const code = performance.getEntriesByName("marquee:code")[0];
      return {
        preloaded: document.querySelector('link[rel=modulepreload][href*="/assets/en-"]') !== null,
        askedBeforeTheCodeRan:
          fetched !== undefined && code !== undefined && fetched.startTime < code.startTime,
      };
    });
    expect(catalogue).toEqual({ preloaded: true, askedBeforeTheCodeRan: true });
    await chooseFromHoverMenu(page, "language-switch", "lang-zh_CN", menuSays("首页"));
  });
});

describe("settings drawer", () => {
  it("saves a theme across reloads, and resets after asking", async () => {
    const page = await signedInPage("en");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-drawer").waitFor();
    await page.waitForTimeout(800); // the drawer's and the page's entrance animations
    await screenshot(page, "settings-drawer");
    await page.getByTestId("settings-mode-light").click();
    await page.getByTestId("settings-save").click();
    await page.keyboard.press("Escape");
    await page.reload();
    await page.locator(".ant-layout-sider-light").waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, "layout-light");

    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-mode-night").click();
    await page.keyboard.press("Escape");
    await page.waitForTimeout(800);
    await screenshot(page, "layout-night");

    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-reset").click();
    await confirmDialog(page.locator(".ant-modal-confirm .ant-btn-primary"));
    await page.waitForLoadState("load");
    await page.locator(".ant-layout-sider-dark").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("marquee.settings"))).toBeNull();
  });

  it("redirects a group to its first child in the mix layout", async () => {
    const page = await signedInPage("en");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-layout-mix").click();
    await page.getByTestId("settings-save").click();
    await page.keyboard.press("Escape");
    await page.goto("/sysManage");
    await page.waitForURL((url) => url.pathname !== "/sysManage");
    expect(new URL(page.url()).pathname).toBe("/sys/customer/doaminNameSetting");
  });
});

describe("multi-tab view", () => {
  it("opens tabs, closes the others, refuses to close the last, and keeps them across a reload", async () => {
    const page = await signedInPage("en");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-multipage").click();
    await page.getByTestId("settings-save").click();
    await page.keyboard.press("Escape");
    for (const path of ["/personalCenter", "/sysManage/messageNotification"]) {
      await page.goto(path);
      await page.getByTestId(`tab-${path}`).waitFor();
    }
    await expect.poll(() => tabCount(page)).toBe(3);
    await page.getByTestId("tab-/personalCenter").click({ button: "right" });
    await page.getByTestId("tab-menu-closeOthers").waitFor();
    await page.waitForTimeout(300); // the menu's opening animation
    await page.getByTestId("tab-menu-closeOthers").click();
    await expect.poll(() => tabCount(page)).toBe(1);
    await page.waitForURL("**/personalCenter");
    await page
      .locator(".ant-tabs-tab-remove")
      .click()
      .catch(() => undefined);
    await expect.poll(() => toasts(page)).toContain("This is the last page, you can't close it");
    await page.reload();
    await expect.poll(() => tabCount(page)).toBe(1);
    expect(await page.getByTestId("tab-/personalCenter").isVisible()).toBe(true);
  });
});

describe("access", () => {
  it("sends a user without the permission to /403 with the warning", async () => {
    await addUser(e, "viewer", "Viewer12345", []);
    const page = await signedInPage(undefined, { username: "viewer", password: "Viewer12345" });
    await page.goto("/sys/log");
    await page.waitForURL("**/403");
    await expect.poll(() => toasts(page)).toContain("对不起，您无权访问页面 /sys/log，请联系管理员");
    // and the bell is not there without sys:messageNotification:view
    expect(await page.getByTestId("notice-bell").count()).toBe(0);
  });

  it("sends an expired session to /login with the warning", async () => {
    const page = await signedInPage();
    await page.goto("about:blank");
    // The session ends on the server, as one does when its time is up. Clearing the browser's cookie alone
    // lost a race in CI: a call of the home page still in flight (the bell's poll) set the cookie again with
    // its answer, and the next page was still signed in. Once the session has ended, such an answer can only
    // carry a dead token. The cookie goes too (a browser drops it when its max-age passes); the language
    // cookie stays, so the page speaks the language it did.
    const session = (await page.context().cookies(e.base)).find((c) => c.name === AUTH_COOKIE);
    if (!session) throw new Error("no session cookie after signing in");
    const { hashToken } = await import("../apps/server/src/platform/session");
    await e.server.app.services.sessions.end(hashToken(session.value));
    await page.context().clearCookies({ name: AUTH_COOKIE });
    await page.goto("/personalCenter");
    await page.waitForURL("**/login");
    await expect.poll(() => toasts(page)).toContain("登录已失效，请重新登录");
  });

  it("shows 404 for an unknown path", async () => {
    const page = await signedInPage("en");
    await page.goto("/no/such/page");
    await page.waitForURL("**/404");
    await expect.poll(() => page.locator(".ant-result-title").textContent()).toBe("404");
  });
});

describe("notices and announcement", () => {
  it("opens the bell, shows the latest notices 297 px wide, and marks them read", async () => {
    const { db } = e.server.app.services;
    const { notifications, users } = await import("../apps/server/src/db/schema");
    const [admin] = await db
      .select()
      .from(users)
      .where((await import("drizzle-orm")).eq(users.username, ADMIN.username));
    if (!admin) throw new Error("no admin");
    await db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: admin.id,
        officeId: admin.officeId,
        contentCn: `通知 ${i}`,
        contentEn: `Notice ${i}`,
      })),
    );
    const page = await signedInPage("en");
    await page.getByTestId("notice-bell").click();
    const dropdown = page.getByTestId("notice-dropdown");
    await dropdown.waitFor();
    await expect.poll(() => dropdown.locator(".ant-list-item").count()).toBe(10);
    expect(await dropdown.textContent()).toContain("Notice 11");
    // the layout width (a transform of the opening animation does not change it)
    await expect.poll(() => dropdown.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(297);
    await expect
      .poll(async () => (await db.select().from(notifications)).filter((n) => n.readState === "1").length)
      .toBe(10);
    // "View all" leads to the notices page. On a busy machine one click once did nothing: the page stayed,
    // the panel was closed afterwards, and no call had failed (the failure report). A person opens the bell
    // again and clicks again; so does this test, three times at most.
    const viewAll = dropdown.getByText("View all");
    for (let attempt = 1; ; attempt++) {
      if (!(await viewAll.isVisible())) await page.getByTestId("notice-bell").click();
      await viewAll.click();
      const went = await page
        .waitForURL("**/sysManage/messageNotification", { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (went) break;
      if (attempt === 3) throw new Error("'View all' never led to the notices page");
    }
    await page.getByTestId("notification-table").waitFor();
  });

  it("shows the announcement until 'never remind again', and again when its text changes", async () => {
    const now = Math.floor(Date.now() / 1000);
    const announce = async (content: string) =>
      e.server.app.services.db
        .insert((await import("../apps/server/src/db/schema")).settings)
        .values({
          key: "announcement",
          value: {
            announcemenStartTime: now - 60,
            announcemenEndTime: now + 3600,
            colseTipOn: 1,
            announcementTitleCh: "维护通知",
            announcementTitleEn: "Maintenance",
            announcementContentCh: content,
            announcementContentEn: content,
          },
        })
        .onConflictDoUpdate({
          target: (await import("../apps/server/src/db/schema")).settings.key,
          set: {
            value: {
              announcemenStartTime: now - 60,
              announcemenEndTime: now + 3600,
              colseTipOn: 1,
              announcementTitleCh: "维护通知",
              announcementTitleEn: "Maintenance",
              announcementContentCh: content,
              announcementContentEn: content,
            },
          },
        });
    await announce("Tonight at 22:00");
    const page = await signedInPage("en");
    const note = page.locator(".ant-notification-notice");
    await expect.poll(() => note.textContent()).toContain("Tonight at 22:00");
    await note.getByRole("button", { name: "Don't remind me again" }).click();
    await page.reload();
    await page.getByTestId("side-menu").waitFor();
    await page.waitForTimeout(1500);
    expect(await note.count()).toBe(0);
    await announce("Moved to 23:00");
    await page.reload();
    await expect.poll(() => note.textContent()).toContain("Moved to 23:00");
  });
});

describe("static routes carry their authority", () => {
  it("sends a user lacking each static page's permission to /403 with the warning", async () => {
    // sees every kind of content, but may edit and publish none of it
    await addUser(e, "looker", "Looker12345", [
      "content:program:view",
      "content:playPlan:view",
      "content:message:view",
    ]);
    const page = await signedInPage(undefined, { username: "looker", password: "Looker12345" });
    const addresses = [
      "/PlanMake",
      "/programEditor",
      ...["program", "plan", "message"].flatMap((kind) => [
        `/publishSet?kind=${kind}&id=1`,
        `/terminalSelection?kind=${kind}&id=1`,
      ]),
    ];
    for (const address of addresses) {
      await page.goto(address);
      await page.waitForURL("**/403");
      const path = address.split("?")[0];
      await expect
        .poll(() => toasts(page), { message: address })
        .toContain(`对不起，您无权访问页面 ${path}，请联系管理员`);
    }
  });
});

describe("group paths", () => {
  it("open their first child the user may open, in the side layout too", async () => {
    await addUser(e, "logger", "Logger12345", ["sys:log:view"]);
    const logger = await signedInPage("en", { username: "logger", password: "Logger12345" });
    await logger.goto("/sysManage");
    await logger.waitForURL("**/sys/log");
    const admin = await signedInPage("en");
    await admin.goto("/resManage");
    await admin.waitForURL("**/resManage/myRes");
  });
});

describe("the terminal screen", () => {
  it("opens monitoring, information and settings as modes of one screen, each by its route name", async () => {
    const page = await signedInPage("en");
    await page.goto("/terminalManage");
    await page.waitForURL("**/terminalMonitor/monitor");
    const modes = page.getByTestId("terminal-modes");
    const active = () => modes.locator(".ant-segmented-item-selected").innerText();
    await expect.poll(active).toBe("Terminal monitoring");
    await page.goto("/terminalMonitor/info");
    await expect.poll(active).toBe("Terminal information");
    await modes.getByText("Terminal settings").click();
    await page.waitForURL("**/terminalMonitor/setting");
    await page.getByTestId("terminal-setting-tabs").waitFor();
    await screenshot(page, "terminal-screen-settings");
  });

  it("shows a user holding only the settings permission the settings part", async () => {
    await addUser(e, "setter", "Setter12345", ["terminal:device:settings"]);
    const page = await signedInPage("en", { username: "setter", password: "Setter12345" });
    await page.goto("/terminalManage");
    await page.waitForURL("**/terminalMonitor/setting");
    await page.getByTestId("terminal-setting-tabs").waitFor();
    expect(await page.getByTestId("terminal-modes").count()).toBe(0);
    await page.goto("/terminalMonitor/monitor");
    await page.waitForURL("**/403");
  });
});

describe("actions without the right", () => {
  it("answers a click on a guarded button with the spec's message", async () => {
    const { db } = e.server.app.services;
    const { roles, userRoles } = await import("../apps/server/src/db/schema");
    const userId = await addUser(e, "manager1", "Manager12345", []);
    const [office] = await db.select({ officeId: roles.officeId }).from(roles).limit(1);
    const [manager] = await db
      .insert(roles)
      .values({ officeId: office?.officeId ?? 1, code: "manager", name: "Manager", permissions: [] })
      .returning();
    if (!manager) throw new Error("no role");
    await db.insert(userRoles).values({ userId, roleId: manager.id });
    const page = await signedInPage("en", { username: "manager1", password: "Manager12345" });
    await page.goto("/auth/demo");
    const add = page.getByRole("button", { name: "Add" });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await add.locator("xpath=..").getAttribute("title")).toBe("no permission");
    await add.locator("xpath=..").click();
    await expect.poll(() => toasts(page)).toContain("对不起，您没有操作权限：Add");
  });
});

describe("the session", () => {
  it("ends on /login with the expired warning (the spec's Chinese in every language) when it runs out on a page", async () => {
    const page = await firstPage("en");
    await page.context().addCookies([{ name: "language", value: "en", url: e.base }]);
    await page.clock.install();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/home");
    await page.goto("/personalCenter");
    await page.getByTestId("side-menu").waitFor();
    // No call in flight: an answer arriving after the jump would count as one two hours later (every
    // answer pushes the cookie on), and the session would rightly still be alive.
    await page.waitForLoadState("networkidle");
    // two hours after the last answer the cookie is gone
    await page.clock.fastForward("02:00:05");
    await page.waitForURL("**/login");
    await expect.poll(() => toasts(page)).toContain("登录已失效，请重新登录");
  });

  it("goes to /logout when the server ends the session (the 'logout' answer)", async () => {
    const page = await signedInPage("en");
    const { db } = e.server.app.services;
    const { users } = await import("../apps/server/src/db/schema");
    const [admin] = await db
      .select()
      .from(users)
      .where((await import("drizzle-orm")).eq(users.username, ADMIN.username));
    if (!admin) throw new Error("no admin");
    await page.goto("/personalCenter");
    await page.getByTestId("side-menu").waitFor();
    await e.server.app.services.sessions.endOthers(admin.id, null);
    // The next call meets the ended session; the page's own polling may get there first. On a busy machine
    // the menu may not take the first click in time: click again until the page has gone to /logout.
    const atLogout = () => new URL(page.url()).pathname.endsWith("/logout");
    await expect
      .poll(
        async () => {
          if (!atLogout())
            await page
              .getByTestId("side-menu")
              .getByText("Home")
              .click({ timeout: 5_000 })
              .catch(() => undefined);
          return atLogout();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    // It stays there, saying so: the layout it left must not send it on (to /404, then /login).
    await page.getByText("Your session has ended").waitFor();
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe("/logout");
  });
});

describe("the API's /apm-web/a", () => {
  it("answers a browser's direct visit with the console, and other callers with the API's 404", async () => {
    const page = await signedInPage("en");
    await page.goto("/apm-web/a");
    await page.getByTestId("side-menu").waitFor();
    expect(new URL(page.url()).pathname).toBe("/apm-web/a");
    const json = await page.evaluate(async () => {
      const res = await fetch("/apm-web/a", { headers: { Accept: "application/json" } });
      return { status: res.status, body: await res.json() };
    });
    expect(json.status).toBe(404);
    expect(json.body.code).toBe(404);
    const api = await page.evaluate(async () => (await fetch("/apm-web/a/api/nothing-here")).status);
    expect(api).toBe(404);
  });
});

describe("page settings that take effect", () => {
  it("keeps visited pages alive in multi-tab mode", async () => {
    const page = await signedInPage("en");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-multipage").click();
    await page.getByTestId("settings-fixed-tabs").click();
    await page.getByTestId("settings-save").click();
    await page.keyboard.press("Escape");
    await page.goto("/sys/log");
    await page.getByTestId("log-tab-commands").click();
    // in-app navigation (a reload would start afresh), through the side menu: an announcement may cover
    // the header's avatar menu
    await page.getByTestId("side-menu").getByText("Home").click();
    await page.getByTestId("tab-/home").waitFor();
    // A click that lands while the tab bar is still laying out the tab just added is lost (rc-tabs): click
    // again until the address changes, as a person would.
    await expect
      .poll(
        async () => {
          await page.getByTestId("tab-/sys/log").click();
          return new URL(page.url()).pathname;
        },
        { timeout: 20_000 },
      )
      .toBe("/sys/log");
    await expect
      .poll(() => page.locator(".ant-card .ant-tabs-tab-active").first().innerText())
      .toBe("Terminal commands");
  });

  it("keeps the tab bar under the header while the page scrolls, when fixedTabs is on", async () => {
    const page = await signedInPage("en");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-multipage").click();
    await page.getByTestId("settings-fixed-tabs").click();
    await page.getByTestId("settings-save").click();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto("/sys/log");
    await page.getByTestId("multi-tab").waitFor();
    // A page taller than the window, whatever this database's log holds; then the document scrolls.
    await page.evaluate(() => {
      const tall = document.createElement("div");
      tall.style.height = "3000px";
      document.querySelector("[data-testid=page-animation]")?.append(tall);
      window.scrollTo(0, 1500);
    });
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0))
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("multi-tab").evaluate((el) => el.getBoundingClientRect().top))
      .toBe(64);
  });

  it("plays a subtle page animation of at most 300 ms by default", async () => {
    const page = await signedInPage("en", ADMIN, { motion: true });
    await page.goto("/personalCenter");
    const wrapper = page.getByTestId("page-animation");
    await wrapper.waitFor();
    const style = await wrapper.evaluate((el) => {
      const s = getComputedStyle(el);
      return { name: s.animationName, duration: Number.parseFloat(s.animationDuration) };
    });
    expect(style.name).toBe("fadeIn");
    expect(style.duration).toBeLessThanOrEqual(0.3);
  });

  it("moves nothing for a user whose system asks for reduced motion: pages and drawers appear at once", async () => {
    /** Opens the settings drawer and answers the motion classes its panel took on the way (all of them). */
    const drawerMotion = async (page: Page) => {
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenMotion: string[] }).seenMotion = seen;
        new MutationObserver((changes) => {
          const note = (el: Element) => {
            for (const name of Array.from(el.classList)) if (name.includes("-motion-")) seen.push(name);
          };
          for (const c of changes) {
            note(c.target as Element);
            for (const added of Array.from(c.addedNodes))
              if (added instanceof Element)
                for (const el of [added, ...Array.from(added.querySelectorAll("*"))]) note(el);
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ["class"],
        });
      });
      await page.getByTestId("settings-button").click();
      await page.getByTestId("settings-drawer").waitFor();
      return page.evaluate(() => (window as unknown as { seenMotion: string[] }).seenMotion);
    };
    const pageDuration = (page: Page) =>
      page
        .getByTestId("page-animation")
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).animationDuration));

    const moving = await signedInPage("en", ADMIN, { motion: true });
    expect(await pageDuration(moving)).toBeGreaterThan(0.1);
    expect((await drawerMotion(moving)).some((name) => name.includes("drawer-panel-motion"))).toBe(true);

    const still = await signedInPage("en"); // the harness asks for reduced motion
    expect(await still.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
    expect(await pageDuration(still)).toBeLessThanOrEqual(0.001);
    expect(await drawerMotion(still)).toEqual([]);
  });

  it("shows the sign-in page in two halves for a brand with dualScreen", async () => {
    const ctx = await e.browser.newContext({ baseURL: `http://lango.localhost:${new URL(e.base).port}` });
    const page = await ctx.newPage();
    await page.goto("/login");
    await page.getByTestId("login-brand-panel").waitFor();
    await screenshot(page, "login-dual-screen");
    await ctx.close();
  });
});
