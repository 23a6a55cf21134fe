import { isLocale, LANGUAGE_COOKIE, LOCALES, type Locale, ROUTE_TITLES } from "@marquee/contracts";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { startLocale } from "./detect";
import type en from "./en";

/** i18next's plural suffixes (CLDR categories): a key `x_one`, `x_other`… is the message `x` by count. */
type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";
type PluralBase<K> = K extends `${infer B}_${PluralForm}` ? B : never;
/**
 * The shape of English with any text: every language has every key (checked
 * here by type and by a unit test). A plural message has `_other` in every
 * language and the other forms its language needs (the unit test checks them
 * against Intl.PluralRules): Chinese has only `_other`, Russian also `_few`
 * and `_many`.
 */
type Widen<T> = {
  readonly [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string
    ? string
    : Widen<T[K]>;
} & { readonly [K in PluralBase<keyof T> as `${K & string}_other`]: string } & {
  readonly [K in PluralBase<keyof T> as `${K & string}_${Exclude<PluralForm, "other">}`]?: string;
};
export type Catalogue = Widen<typeof en>;

/**
 * Each language's catalogue is a chunk of its own (about 160 kB of code apiece): a page loads the one it
 * speaks, not all six, and a switch loads the next one before the console changes language.
 */
const LOADERS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  zh_CN: () => import("./zh_CN"),
  zh_TW: () => import("./zh_TW"),
  en: () => import("./en"),
  it: () => import("./it"),
  ru: () => import("./ru"),
  fr: () => import("./fr"),
};
const catalogues: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, done) {
    if (!isLocale(language)) return done(null, {});
    LOADERS[language]().then(
      (m) => done(null, { ...m.default, routes: routeTitles(language) }),
      (err: Error) => done(err, null),
    );
  },
};

/** Route titles per language, from the contracts (the server sends the same). */
function routeTitles(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(ROUTE_TITLES).map(([name, titles]) => [name, titles[locale]]));
}

/**
 * The language the console opens in: the `language` cookie (spec §1), else the
 * browser's language, else zh_CN. A language taken from the browser is written
 * to the cookie, so that the server answers in it too.
 */
export function cookieLocale(): Locale {
  const { locale, fromCookie } = startLocale(
    document.cookie,
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
  if (!fromCookie) writeLocaleCookie(locale);
  return locale;
}

/** Writes the language cookie (a year) so the server answers in the same language. */
export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the language cookie is the spec's contract with the server
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Resolves once the console's language is loaded: the console renders after it (main.tsx). */
export const i18nReady = i18n
  .use(catalogues)
  .use(initReactI18next)
  .init({
    lng: cookieLocale(),
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // The catalogue is in memory before anything renders; a language switch waits for its own (changeLanguage).
    react: { useSuspense: false },
  });

/** Every language at once: for code that reads several (tests, a page comparing translations). */
export function loadAllLanguages(): Promise<void> {
  return i18n.loadLanguages([...LOCALES]);
}

export default i18n;
