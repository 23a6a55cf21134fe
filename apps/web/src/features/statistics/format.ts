/** Figures as the charts label them: percentages and storage, their unit in the column or axis title. */

/** A ratio of two counts as a percentage with one decimal; null when nothing was counted. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** The unit a set of byte figures reads best in: GB from one gigabyte up, MB below. */
export function storageUnit(maxBytes: number): "MB" | "GB" {
  return maxBytes >= 1024 ** 3 ? "GB" : "MB";
}

/** Bytes in that unit with two decimals. */
export const inUnit = (bytes: number, unit: "MB" | "GB"): number =>
  Math.round((bytes / (unit === "GB" ? 1024 ** 3 : 1024 ** 2)) * 100) / 100;

/** A share 0…1 as a percentage with one decimal (null stays null: nothing was expected). */
export const sharePercent = (rate: number | null): number | null =>
  rate === null ? null : Math.round(rate * 1000) / 10;
