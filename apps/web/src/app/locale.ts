import type { Locale as AppLocale } from "@marquee/contracts";
import enUS from "antd/locale/en_US";
import frFR from "antd/locale/fr_FR";
import itIT from "antd/locale/it_IT";
import ruRU from "antd/locale/ru_RU";
import zhCN from "antd/locale/zh_CN";
import zhHK from "antd/locale/zh_HK";
import dayjs from "dayjs";
import "dayjs/locale/en";
import "dayjs/locale/fr";
import "dayjs/locale/it";
import "dayjs/locale/ru";
import "dayjs/locale/zh-cn";
import "dayjs/locale/zh-hk";

/** antd's and dayjs' locale of each console language. */
export const ANTD_LOCALES = { zh_CN: zhCN, zh_TW: zhHK, en: enUS, it: itIT, ru: ruRU, fr: frFR } as const;
const DAYJS: Record<AppLocale, string> = {
  zh_CN: "zh-cn",
  zh_TW: "zh-hk",
  en: "en",
  it: "it",
  ru: "ru",
  fr: "fr",
};
const HTML_LANG: Record<AppLocale, string> = {
  zh_CN: "zh-CN",
  zh_TW: "zh-HK",
  en: "en",
  it: "it",
  ru: "ru",
  fr: "fr",
};

export function applyLocale(locale: AppLocale): void {
  dayjs.locale(DAYJS[locale]);
  document.documentElement.lang = HTML_LANG[locale];
}
