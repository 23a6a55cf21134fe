import {
  LOCALES,
  type Locale,
  type LocalisedText,
  localised,
  type PayOrderState,
  type PayServiceKind,
} from "@marquee/contracts";
import type { TFunction } from "i18next";
import { dateTime } from "../../components/dateTime";

/** BCP 47 tag of a console language, for Intl. */
export function langTag(language: string): string {
  return language.replace("_", "-");
}

/** The console language as a contracts Locale (English when it is not one). */
export function asLocale(language: string): Locale {
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : "en";
}

/** An amount in minor units (cents) as the reader writes money: "€1,234.50", "1 234,50 €", "¥1,234.50". */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(langTag(language), { style: "currency", currency }).format(cents / 100);
  } catch {
    // An unknown code: Intl refuses it; the figure still reads.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

const KB = 1024;
const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** Bytes in the largest unit that keeps a figure of at least 1 (1024-based, as quotas are): "50 GB", "1.5 TB". */
export function formatBytes(bytes: number, language: string): string {
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= KB && i < BYTE_UNITS.length - 1) {
    v /= KB;
    i++;
  }
  const figure = new Intl.NumberFormat(langTag(language), { maximumFractionDigits: 2 }).format(v);
  return `${figure} ${BYTE_UNITS[i]}`;
}

/** Units offered for a storage quantity in the catalogue editor, with their size in bytes. */
export const STORAGE_UNITS = { MB: KB ** 2, GB: KB ** 3, TB: KB ** 4 } as const;
export type StorageUnit = keyof typeof STORAGE_UNITS;

/** A storage quantity in bytes as the editor shows it: the largest unit that divides it exactly. */
export function splitBytes(bytes: number): { amount: number; unit: StorageUnit } {
  for (const unit of ["TB", "GB"] as const) {
    if (bytes % STORAGE_UNITS[unit] === 0) return { amount: bytes / STORAGE_UNITS[unit], unit };
  }
  return { amount: Math.round((bytes / STORAGE_UNITS.MB) * 100) / 100, unit: "MB" };
}

/** What `quantity` of a kind is, in words: "50 GB", "20 terminals", "Weather", "Support period". */
export function quantityText(
  item: { kind: PayServiceKind; quantity: number; widgetType: string | null },
  t: TFunction,
  language: string,
): string {
  switch (item.kind) {
    case "storage":
      return formatBytes(item.quantity, language);
    case "terminalLicence":
      return item.quantity === 1 ? t("pay.oneTerminal") : t("pay.terminals", { count: item.quantity });
    case "widget":
      return item.widgetType
        ? t(`widget.types.${item.widgetType}`, { defaultValue: item.widgetType })
        : t("pay.kind.widget");
    default:
      return t("pay.supportPeriod");
  }
}

/** How long a purchase lasts, in words. */
export function durationText(days: number | null, t: TFunction): string {
  if (days === null) return t("pay.forever");
  return days === 1 ? t("pay.oneDay") : t("pay.days", { days });
}

/** A service's (or an order item's) name in the reader's language. */
export function nameOf(name: LocalisedText, language: string, fallback = ""): string {
  return localised(name, asLocale(language)) || fallback;
}

/** Colours of the order state tags. */
export const STATE_COLORS: Record<PayOrderState, string> = {
  pending: "gold",
  paid: "green",
  cancelled: "default",
  refunded: "purple",
  expired: "red",
};

/** Colours of the kind tags. */
export const KIND_COLORS: Record<PayServiceKind, string> = {
  terminalLicence: "blue",
  storage: "cyan",
  widget: "magenta",
  support: "geekblue",
};

/** A moment as the console writes it ("-" for nothing). */
export const when = (iso: string | null | undefined) => dateTime(iso ?? null);
