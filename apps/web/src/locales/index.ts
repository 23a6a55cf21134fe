import { LANGUAGE_COOKIE, type Locale, ROUTE_TITLES } from "@marquee/contracts";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { startLocale } from "./detect";
import en from "./en";
import fr from "./fr";
import it from "./it";
import ru from "./ru";
import zh_CN from "./zh_CN";
import zh_TW from "./zh_TW";

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
export const CATALOGUES: Record<Locale, Catalogue> = { zh_CN, zh_TW, en, it, ru, fr };

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

void i18n.use(initReactI18next).init({
  lng: cookieLocale(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    Object.entries(CATALOGUES).map(([locale, catalogue]) => [
      locale,
      { translation: { ...catalogue, routes: routeTitles(locale as Locale) } },
    ]),
  ),
  returnNull: false,
});

export default i18n;
