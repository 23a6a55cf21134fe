import dayjs from "dayjs";

/**
 * The console's way of writing a moment: 24-hour, year first, whatever the
 * browser's own locale is (a French operator on an English browser reads the
 * same as everyone). "-" for nothing.
 */
export const dateTime = (v: string | number | Date | null | undefined): string =>
  v === null || v === undefined ? "-" : dayjs(v).format("YYYY-MM-DD HH:mm:ss");

/** A time of day to the millisecond, for frames and log lines. */
export const timeMs = (v: string | number | Date): string => dayjs(v).format("HH:mm:ss.SSS");
