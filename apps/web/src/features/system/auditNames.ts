import { auditActionName, auditTargetText, type Locale, toLocale } from "@marquee/contracts";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";

/** Keys of audit targets the console has names for: settings by their title, widgets by their type's name. */
const KEY_NAMES: Record<string, (key: string) => string> = {
  setting: (key) =>
    key === "announcement" ? "routes.announcementManager" : `system.settings.keys.${key}.label`,
  widget: (key) => `widget.types.${key}`,
};

/**
 * The audit trail's actions and targets in the console's language, from the
 * contracts' catalogue (the system log, its details and the behaviour
 * statistics read them alike; the server's export uses the same catalogue).
 */
export function useAuditNames() {
  const { t, i18n } = useTranslation();
  const locale: Locale = toLocale(i18n.language);
  const action = useCallback((a: string) => auditActionName(a, locale), [locale]);
  const target = useCallback(
    (value: string | null, a: string, names?: Readonly<Record<string, string>>) =>
      auditTargetText(value, a, locale, {
        names,
        keyName: (entity, key) => {
          const i18nKey = KEY_NAMES[entity]?.(key);
          return i18nKey ? t(i18nKey, { defaultValue: key }) : undefined;
        },
      }),
    [locale, t],
  );
  return useMemo(() => ({ action, target }), [action, target]);
}
