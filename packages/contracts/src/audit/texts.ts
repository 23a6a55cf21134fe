import { LOCALES, type Locale } from "../i18n/locales";
import en from "../i18n/locales/en/audit";
import fr from "../i18n/locales/fr/audit";
import it from "../i18n/locales/it/audit";
import ru from "../i18n/locales/ru/audit";
import zh_CN from "../i18n/locales/zh_CN/audit";
import zh_TW from "../i18n/locales/zh_TW/audit";

/** A name in every console language. */
export type AuditLabels = Readonly<Record<Locale, string>>;

/**
 * The `audit` domain of the server catalogue in each language, read here
 * rather than through MESSAGES so that the console, which shows the log,
 * does not bundle the whole server catalogue.
 */
const AUDIT_TEXTS: Record<Locale, Record<string, string>> = { zh_CN, zh_TW, en, it, ru, fr };

type After<K, P extends string> = K extends `${P}${infer Rest}` ? Rest : never;
const ACTION = "audit.action.";
const ENTITY = "audit.entity.";
/** An action the catalogue names (its key is audit.action.<action>). */
export type AuditActionName = After<keyof typeof en, typeof ACTION>;
/** A word before the colon of a target that the catalogue names (audit.entity.<entity>). */
export type AuditEntity = After<keyof typeof en, typeof ENTITY>;

const labels = (key: string): AuditLabels =>
  Object.fromEntries(LOCALES.map((locale) => [locale, AUDIT_TEXTS[locale][key] ?? ""])) as Record<
    Locale,
    string
  >;

/** The named actions with their names in every language, in the order given. */
export const auditActionLabels = (
  actions: readonly AuditActionName[],
): Readonly<Record<string, AuditLabels>> =>
  Object.fromEntries(actions.map((action) => [action, labels(`${ACTION}${action}`)]));

/** Every entity the catalogue names, with its names in every language. */
export const auditEntities = Object.fromEntries(
  Object.keys(en)
    .filter((key) => key.startsWith(ENTITY))
    .map((key) => [key.slice(ENTITY.length), labels(key)]),
) as Readonly<Record<AuditEntity, AuditLabels>>;
