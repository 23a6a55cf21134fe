import { interpolate, type Locale } from "./locales";
import en from "./locales/en";
import fr from "./locales/fr";
import it from "./locales/it";
import ru from "./locales/ru";
import zh_CN from "./locales/zh_CN";
import zh_TW from "./locales/zh_TW";

type Domains = typeof en;
/** A key of the server catalogue: a key of one of its domains (locales/en/<domain>.ts). */
export type MessageKey = { [D in keyof Domains]: keyof Domains[D] }[keyof Domains];
export type MessageCatalogue = Record<MessageKey, string>;

/** One language's domains as one catalogue (no key is in two domains: a unit test checks). */
const flat = (domains: Record<string, Record<string, string>>) =>
  Object.assign({}, ...Object.values(domains)) as MessageCatalogue;

/** Server messages in every console language. */
export const MESSAGES: Record<Locale, MessageCatalogue> = {
  zh_CN: flat(zh_CN),
  zh_TW: flat(zh_TW),
  en: flat(en),
  it: flat(it),
  ru: flat(ru),
  fr: flat(fr),
};

/** The message `key` in `locale`, with `{{placeholders}}` filled in. */
export function translate(locale: Locale, key: MessageKey, values?: Record<string, string | number>): string {
  return interpolate(MESSAGES[locale][key] ?? MESSAGES.en[key], values);
}
