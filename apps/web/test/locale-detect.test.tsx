// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ExceptionPage } from "../src/features/exception/ExceptionPage";
import InitPage from "../src/features/session/InitPage";
import LogoutPage from "../src/features/session/LogoutPage";
import { browserLocale, cookieLanguage, startLocale } from "../src/locales/detect";
import { fakeServer, renderPage } from "./system-helpers";

describe("the language before sign-in", () => {
  it("maps the browser's languages to ours, the most wanted first", () => {
    expect(browserLocale(["en-US", "fr"])).toBe("en");
    expect(browserLocale(["de-DE", "it-IT", "en"])).toBe("it");
    expect(browserLocale(["ru"])).toBe("ru");
    expect(browserLocale(["fr-CA"])).toBe("fr");
    expect(browserLocale(["zh-CN"])).toBe("zh_CN");
    expect(browserLocale(["zh"])).toBe("zh_CN");
    expect(browserLocale(["zh-Hans-SG"])).toBe("zh_CN");
    expect(browserLocale(["zh-TW"])).toBe("zh_TW");
    expect(browserLocale(["zh-HK"])).toBe("zh_TW");
    expect(browserLocale(["zh-Hant"])).toBe("zh_TW");
    expect(browserLocale(["de", "ja"])).toBeNull();
    expect(browserLocale([])).toBeNull();
  });

  it("follows the language cookie, else the browser, else zh_CN", () => {
    expect(startLocale("a=1; language=ru", ["en-US"])).toEqual({ locale: "ru", fromCookie: true });
    expect(startLocale("language=zh_TW", [])).toEqual({ locale: "zh_TW", fromCookie: true });
    expect(startLocale("", ["fr-FR", "en"])).toEqual({ locale: "fr", fromCookie: false });
    expect(startLocale("language=xx", ["en-GB"])).toEqual({ locale: "en", fromCookie: false });
    expect(startLocale("", ["de"])).toEqual({ locale: "zh_CN", fromCookie: false });
    expect(cookieLanguage("language=it; other=x")).toBe("it");
    expect(cookieLanguage("mylanguage=it")).toBeNull();
  });

  it.each([
    ["the first run", () => <InitPage />],
    ["the signed-out page", () => <LogoutPage />],
    ["the 403 page", () => <ExceptionPage status={403} />],
    ["the 404 page", () => <ExceptionPage status={404} />],
  ])("%s has the language switch", (_, page) => {
    fakeServer({ "GET /f/common/isSysInit": () => ({ data: 2 }) });
    renderPage(page());
    expect(screen.getByTestId("language-switch")).toBeTruthy();
  });
});
