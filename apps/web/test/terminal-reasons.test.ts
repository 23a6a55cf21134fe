import { REASON_CODES } from "@marquee/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { reasonText } from "../src/features/terminal/reason";
import en from "../src/locales/en";
import fr from "../src/locales/fr";
import it_ from "../src/locales/it";
import ru from "../src/locales/ru";
import zh_CN from "../src/locales/zh_CN";
import zh_TW from "../src/locales/zh_TW";

const CATALOGUES = { zh_CN, zh_TW, en, it: it_, ru, fr };

describe("coded failure reasons", () => {
  it("has every reason code worded in every language", () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      const words = (catalogue.terminal as { reason?: Record<string, unknown> }).reason ?? {};
      for (const code of REASON_CODES)
        expect(
          typeof words[code] === "string" && words[code] !== "",
          `${lang}: terminal.reason.${code}`,
        ).toBe(true);
    }
  });

  it("words every reason with the values the English wording has, translated rather than copied", () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const reason = (catalogue: { terminal: unknown }) =>
      (catalogue.terminal as { reason?: Record<string, string> }).reason ?? {};
    const english = reason(en);
    for (const code of REASON_CODES)
      for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
        const words = reason(catalogue)[code] ?? "";
        expect(placeholders(words), `${lang}: terminal.reason.${code}`).toEqual(
          placeholders(english[code] ?? ""),
        );
        // A wording of values and punctuation only ("{{file}}: {{error}}") may read the same.
        const worded = /\p{L}/u.test((english[code] ?? "").replace(/\{\{\w+\}\}/g, ""));
        if (lang !== "en" && worded)
          expect(words, `${lang}: terminal.reason.${code} is the English`).not.toBe(english[code]);
      }
  });

  it("translates a coded reason with its values and shows plain text as it is", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en } } });
    expect(reasonText(i18n.t, '{"code":"timeout","values":{"seconds":30}}')).toBe("No answer within 30 s");
    expect(reasonText(i18n.t, '{"code":"offline"}')).toBe("The screen is not connected");
    expect(reasonText(i18n.t, '{"code":"argSettings","values":{"name":"settings"}}')).toBe(
      "settings are not valid device settings",
    );
    expect(reasonText(i18n.t, '{"code":"fileHttp","values":{"file":"m9.png","status":404}}')).toBe(
      "File m9.png: HTTP 404",
    );
    expect(reasonText(i18n.t, "m9.png: HTTP 404")).toBe("m9.png: HTTP 404");
    expect(reasonText(i18n.t, '{"code":"unknown-code"}')).toBe('{"code":"unknown-code"}');
    expect(reasonText(i18n.t, null)).toBeNull();
  });
});
