import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StatsRange } from "./api";
import { useReportAsOf } from "./asOf";

/** Every statistics query sits under this key: "Update now" refetches them all. */
export const STATS_KEY = "stats";

/**
 * One chart's call, keyed by its name and the filters (and its page), so a
 * filter change refetches it; the previous figures stay on screen meanwhile.
 * Its `asOf` goes to the page's "as of" line.
 */
export function useStats<T extends { asOf: string | null }>(
  name: string,
  range: StatsRange,
  fetch: () => Promise<T>,
  extra: unknown[] = [],
) {
  const query = useQuery({
    queryKey: [STATS_KEY, name, range, ...extra],
    queryFn: fetch,
    placeholderData: keepPreviousData,
  });
  useReportAsOf(name, query.data?.asOf);
  return query;
}

/** The range without the terminal group, for figures that are not terminals' (their key ignores it too). */
export const withoutGroup = ({ groupId: _, ...range }: StatsRange): StatsRange => range;
