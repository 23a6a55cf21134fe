import { DEFAULT_LOCALE, isLocale, type Locale } from "@marquee/contracts";

/**
 * The console's language before anyone chose one: the browser's languages
 * (navigator.languages, most wanted first) mapped to ours. Chinese goes by
 * script or region: Traditional (Hant, TW, HK, MO) to zh_TW, the rest to
 * zh_CN. Null when none of them is ours.
 */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const parts = tag.toLowerCase().replace(/_/g, "-").split("-");
    const [lang, ...rest] = parts;
    if (lang === "zh") return rest.some((p) => ["hant", "tw", "hk", "mo"].includes(p)) ? "zh_TW" : "zh_CN";
    if (lang === "en" || lang === "it" || lang === "ru" || lang === "fr") return lang;
  }
  return null;
}

/** The `language` cookie's value in a cookie header, or null when it is absent or not one of ours. */
export function cookieLanguage(cookie: string): Locale | null {
  const match = /(?:^|;\s*)language=([^;]+)/.exec(cookie);
  const value = match ? decodeURIComponent(match[1] ?? "") : null;
  return isLocale(value) ? value : null;
}

/**
 * The language a page opens in: the `language` cookie (the user's choice,
 * read by the server too), else the browser's language, else the spec's
 * default (zh_CN). `fromCookie` tells whether the cookie decided.
 */
export function startLocale(
  cookie: string,
  languages: readonly string[],
): { locale: Locale; fromCookie: boolean } {
  const chosen = cookieLanguage(cookie);
  if (chosen) return { locale: chosen, fromCookie: true };
  return { locale: browserLocale(languages) ?? DEFAULT_LOCALE, fromCookie: false };
}
