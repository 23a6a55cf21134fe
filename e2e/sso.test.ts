import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { roles, users } from "../apps/server/src/db/schema";
import { startTestProvider, type TestProvider } from "../apps/server/test/oidc-provider";
import { api, type E2E, screenshot, signIn, startE2E } from "./harness";

let e: E2E;
let idp: TestProvider;
const ADMIN = { username: "admin", password: "Admin12345" };

beforeAll(async () => {
  e = await startE2E({ MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password });
  idp = await startTestProvider(
    [
      {
        client_id: "marquee",
        client_secret: "e2e-secret-0123456789",
        redirect_uris: [`${e.base}/apm-web/sso/callback`],
      },
    ],
    { form: true },
  );
  // The test provider listens on 127.0.0.1 over plain http.
  await e.server.app.services.settings.set("ssoAllowHttp", true, null);
});
afterEach(async () => e?.closeContexts());
afterAll(async () => {
  await idp?.close();
  await e?.close();
});

async function pageIn(locale: "en" | "zh_CN"): Promise<Page> {
  const ctx = await e.context(locale === "en" ? "en-US" : "zh-CN");
  await ctx.addCookies([{ name: "language", value: locale, url: e.base }]);
  const page = await ctx.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

describe("single sign-on in the browser", () => {
  it("sets the platform's provider on the settings screen's calls, and shows the screen", async () => {
    const db = e.server.app.services.db;
    const [viewer] = await db
      .insert(roles)
      .values({ officeId: 1, code: "sso-viewer", name: "Viewer", permissions: ["content:material:view"] })
      .returning();
    for (const locale of ["en", "zh_CN"] as const) {
      const page = await pageIn(locale);
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.waitForURL("**/home");
      if (locale === "en") {
        await api(page, "POST", "/a/api/sso/save", {
          enabled: true,
          label: "Company ID",
          issuer: idp.issuer,
          clientId: "marquee",
          clientSecret: "e2e-secret-0123456789",
          scopes: "openid email profile",
          roleClaim: "",
          roleMap: [],
          jit: true,
          jitOfficeId: 1,
          jitRoleId: viewer?.id,
          passwordLogin: true,
        });
      }
      await page.goto("/sys/sso");
      await page.getByTestId("sso-callback").waitFor();
      expect(await page.getByTestId("sso-callback").innerText()).toContain("/apm-web/sso/callback");
      await page.getByTestId("sso-test").click();
      await expect.poll(() => page.locator(".ant-alert-success").count()).toBe(1);
      await screenshot(page, `sso-settings-${locale}`);
    }
  });

  it("signs a new user in through the provider's own form and lands in the console", async () => {
    idp.account = { sub: "grace", email: "grace@company.test", email_verified: true, name: "Grace Hopper" };
    for (const locale of ["zh_CN", "en"] as const) {
      const page = await pageIn(locale);
      await page.goto("/login");
      await page.getByTestId("sso-button").waitFor();
      await screenshot(page, `sso-login-${locale}`);
    }
    const page = await pageIn("en");
    await page.goto("/login");
    const button = page.getByTestId("sso-button");
    expect(await button.innerText()).toBe("Sign in with Company ID");
    await button.click();
    // oidc-provider's own pages: a login form, then the consent.
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator("input[name=login]").fill("grace");
    await page.locator("input[name=password]").fill("anything");
    await page.locator("button[type=submit]").click();
    await page.locator("button[type=submit]").filter({ hasText: "Continue" }).click();
    await page.waitForURL("**/home");
    // The console holds the session: welcomed by name, and its menu is there.
    await page.getByText("Welcome back, Grace Hopper").waitFor();
    await page.getByRole("menuitem").first().waitFor();
    expect(
      await page.evaluate(
        async () =>
          (await (await fetch("/apm-web/f/common/checkIslogin", { method: "POST" })).json()).isLogin,
      ),
    ).toBe(true);
    const made = (await e.server.app.services.db.select().from(users)).find(
      (u) => u.email === "grace@company.test",
    );
    expect(made?.name).toBe("Grace Hopper");
    await screenshot(page, "sso-signed-in");
  });

  it("hides the password form when the tenant turns passwords off, and keeps a way in for the administrator", async () => {
    const admin = await pageIn("en");
    await signIn(admin, ADMIN.username, ADMIN.password);
    await admin.waitForURL("**/home");
    const current = await api<{ config: Record<string, unknown> }>(admin, "GET", "/a/api/sso/get");
    const { clientSecretSet: _set, ...config } = current.config;
    await api(admin, "POST", "/a/api/sso/save", { ...config, passwordLogin: false });
    try {
      const page = await pageIn("en");
      await page.goto("/login");
      await page.getByTestId("sso-password-link").waitFor();
      expect(await page.getByPlaceholder("User name").isVisible()).toBe(false);
      await screenshot(page, "sso-login-password-off");
      // The platform's administrator is never refused a password (docs/sso.md).
      await page.getByTestId("sso-password-link").click();
      await page.getByPlaceholder("User name").fill(ADMIN.username);
      await page.locator("input[type=password]").fill(ADMIN.password);
      await page.locator("button[type=submit]").click();
      await page.waitForURL("**/home");
    } finally {
      await api(admin, "POST", "/a/api/sso/save", { ...config, passwordLogin: true });
    }
  });

  it("shows the provider's refusal on the sign-in page, translated", async () => {
    const page = await pageIn("en");
    await page.goto("/login?ssoError=accessDenied");
    await page.getByTestId("sso-error").waitFor();
    expect(await page.getByTestId("sso-error").innerText()).toContain("cancelled or refused");
  });
});
