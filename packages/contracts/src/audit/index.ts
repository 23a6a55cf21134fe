import type { Locale } from "../i18n/locales";
import { accountActions } from "./account";
import { contentActions } from "./content";
import { systemActions } from "./system";
import { formerActions, terminalActions } from "./terminal";
import { type AuditEntity, type AuditLabels, auditEntities } from "./texts";

/**
 * The names of what the audit trail records, in every console language: the
 * system log, its export and the behaviour statistics read actions and
 * targets through here. The texts are the server catalogue's audit domain
 * (i18n/locales/<lang>/audit.ts); the files here group its actions. An audit
 * row's action is its route's path below /apm-web, or the name its route
 * gives (`config.action`); the server's test walks every route that leaves a
 * row and fails on one without a name here.
 */

export type { AuditEntity, AuditLabels };

/** The catalogue's parts, by domain (a test checks no action is named twice). */
export const AUDIT_ACTION_GROUPS: readonly Readonly<Record<string, AuditLabels>>[] = [
  accountActions,
  systemActions,
  contentActions,
  terminalActions,
  formerActions,
];

/** Every named action: the audit row's `action` string to its name in each language. */
export const AUDIT_ACTIONS: Readonly<Record<string, AuditLabels>> = Object.assign({}, ...AUDIT_ACTION_GROUPS);

/** Calls that no longer leave audit rows (reads), named for the rows they left before. */
export const FORMER_AUDIT_ACTIONS: Readonly<Record<string, AuditLabels>> = formerActions;

/** The entities an audit target names, in each language. */
export const AUDIT_ENTITIES: Readonly<Record<AuditEntity, AuditLabels>> = auditEntities;

const isEntity = (word: string): word is AuditEntity => Object.hasOwn(AUDIT_ENTITIES, word);

/** Whether the catalogue names this action. */
export const isNamedAuditAction = (action: string): boolean => Object.hasOwn(AUDIT_ACTIONS, action);

const words = (segment: string) =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();

/**
 * An action the catalogue does not know (a call since removed, or a name
 * from elsewhere), made readable: "/a/api/fooBar/bazQux" reads "Foo bar › baz qux".
 */
export function readableAuditAction(action: string): string {
  const parts = action
    .replace(/^\/(?:apm-web\/)?(?:a\/api|a\/sys|a|f|t)\//, "")
    .split("/")
    .filter(Boolean)
    .map(words);
  const text = parts.join(" › ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : action;
}

/** The name of an audit action in `locale`; an unknown one reads as a sentence made of its path. */
export function auditActionName(action: string, locale: Locale): string {
  return isNamedAuditAction(action)
    ? (AUDIT_ACTIONS[action] as AuditLabels)[locale]
    : readableAuditAction(action);
}

/** One thing a target names: an entity with ids ("terminal:1,2"), or with a key ("setting:smtp"). */
export interface AuditTargetPart {
  /** The word before the colon: an AuditEntity, or anything an older row wrote. */
  entity: string;
  ids: number[];
  /** What follows the colon when it is not a list of ids. */
  key: string | null;
}

const ID_LIST = /^\d+(?:,\d+)*,?$/;

/**
 * An audit row's target as its parts: "terminal:1,2,3", "setting:smtp",
 * "package:4 terminal:1,2", "stripe". The notices' calls (/a/api/message/*)
 * wrote their notifications as "message", which elsewhere is a published message.
 */
export function parseAuditTarget(target: string | null | undefined, action?: string): AuditTargetPart[] {
  if (!target) return [];
  return target
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const colon = token.indexOf(":");
      let entity = colon < 0 ? token : token.slice(0, colon);
      const rest = colon < 0 ? "" : token.slice(colon + 1);
      if (entity === "message" && action?.startsWith("/a/api/message/")) entity = "notification";
      if (ID_LIST.test(rest)) {
        const ids = rest
          .split(",")
          .filter(Boolean)
          .map(Number)
          .filter((n) => Number.isSafeInteger(n));
        return { entity, ids, key: null };
      }
      return { entity, ids: [], key: rest || null };
    });
}

/** The key of an entity's name in the names a log answer carries: "terminal:3". */
export const auditNameKey = (entity: string, id: number): string => `${entity}:${id}`;

/** Keys that stand for the entity as a whole ("message:all", "log:export", "commonProblem:new"). */
const WHOLE = new Set(["all", "new", "export", "rollups"]);

interface TargetFormat {
  colon: string;
  comma: string;
  parts: string;
  named(name: string, id: number): string;
}

const LATIN: TargetFormat = { colon: ": ", comma: ", ", parts: "; ", named: (n, id) => `${n} (#${id})` };
const CJK: TargetFormat = { colon: "：", comma: "、", parts: "；", named: (n, id) => `${n}（#${id}）` };
const FORMATS: Record<Locale, TargetFormat> = {
  zh_CN: CJK,
  zh_TW: CJK,
  en: LATIN,
  it: LATIN,
  ru: LATIN,
  fr: { ...LATIN, colon: " : " },
};

export interface AuditTargetOptions {
  /** Names of entities by auditNameKey, as the caller may read them (the server answers them with the rows). */
  names?: Readonly<Record<string, string>>;
  /** A key's own name ("smtp" → "Mail server (SMTP)"), when the reader has one; else the key shows. */
  keyName?: (entity: string, key: string) => string | undefined;
}

/**
 * An audit target in `locale`: each entity by its name, its ids as "#3" or
 * "Name (#3)" when the name is known: "Terminal: Lobby (#1), #2".
 */
export function auditTargetText(
  target: string | null | undefined,
  action: string,
  locale: Locale,
  options: AuditTargetOptions = {},
): string {
  const f = FORMATS[locale];
  return parseAuditTarget(target, action)
    .map((p) => {
      if (!isEntity(p.entity))
        return p.key === null && !p.ids.length ? p.entity : `${p.entity}:${p.key ?? p.ids.join(",")}`;
      const label = AUDIT_ENTITIES[p.entity][locale];
      if (p.ids.length) {
        const items = p.ids.map((id) => {
          const name = options.names?.[auditNameKey(p.entity, id)];
          return name ? f.named(name, id) : `#${id}`;
        });
        return `${label}${f.colon}${items.join(f.comma)}`;
      }
      if (p.key === null || WHOLE.has(p.key)) return label;
      const key = p.key.startsWith("new:") ? p.key.slice(4) : p.key;
      return key ? `${label}${f.colon}${options.keyName?.(p.entity, key) ?? key}` : label;
    })
    .join(f.parts);
}
