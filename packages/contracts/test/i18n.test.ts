import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, interpolate, LOCALES, MESSAGES, toLocale, translate } from "../src";
import en from "../src/i18n/locales/en";

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Braces left once the `{{name}}` placeholders are taken out: a `{name}` of the old syntax, or a stray one. */
const strayBraces = (s: string) => s.replace(/\{\{\w+\}\}/g, "").match(/[{}]/g) ?? [];

/** Words that are the same in English and that language (what an audit target names), not copies. */
const SAME_WORD: Partial<Record<string, string[]>> = {
  it: ["audit.entity.widget"],
  fr: [
    "audit.entity.widget",
    "audit.entity.message",
    "audit.entity.publication",
    "audit.entity.notification",
    "audit.entity.terminal",
  ],
};

describe("server messages", () => {
  const keys = Object.keys(MESSAGES.en).sort();

  it.each(LOCALES)("%s has every key, non-empty, with the same placeholders", (locale) => {
    const catalogue = MESSAGES[locale] as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const key of keys) {
      const text = catalogue[key] ?? "";
      expect(text.trim(), `${locale} ${key}`).not.toBe("");
      expect(placeholders(text), `${locale} ${key}`).toEqual(
        placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]),
      );
    }
  });

  it("is translated, not copied from English", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const same = Object.entries(MESSAGES[locale]).filter(
        ([k, v]) =>
          v === MESSAGES.en[k as keyof typeof MESSAGES.en] &&
          !SAME_WORD[locale]?.includes(k) &&
          placeholders(v).join("") !== v.replace(/[{}:\s]/g, ""),
      );
      expect(
        same.map(([k]) => k),
        locale,
      ).toEqual([]);
    }
  });

  it("puts every key in one domain only (a key in two would hide one text)", () => {
    const domainOf = new Map<string, string>();
    const twice: string[] = [];
    for (const [domain, texts] of Object.entries(en)) {
      for (const key of Object.keys(texts)) {
        if (domainOf.has(key)) twice.push(`${key}: ${domainOf.get(key)} and ${domain}`);
        domainOf.set(key, domain);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each(LOCALES)("%s writes placeholders as {{name}}, never {name}", (locale) => {
    const single = Object.entries(MESSAGES[locale]).filter(([, v]) => strayBraces(v).length > 0);
    expect(
      single.map(([k]) => k),
      locale,
    ).toEqual([]);
  });

  it("fills placeholders and falls back to the default language", () => {
    expect(translate("en", "auth.forbidden", { permission: "sys:log:view" })).toBe(
      "Request denied: you lack the permission sys:log:view",
    );
    expect(interpolate("{{n}} of {{total}}, {n}, {{unknown}}", { n: 1, total: 2 })).toBe(
      "1 of 2, {n}, {{unknown}}",
    );
    expect(toLocale("fr")).toBe("fr");
    expect(toLocale("xx")).toBe(DEFAULT_LOCALE);
    expect(toLocale(undefined)).toBe("zh_CN");
  });
});
