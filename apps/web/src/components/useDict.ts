import type { DictItemsResponse, DictOption } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { http } from "../services/http";
import { dictLabelOf, dictOptions } from "./dictOptions";

/** Query keys of the dictionary: dictionary management drops them all after a change. */
export const DICT_QUERY_KEY = ["dict"] as const;

type ItemsAnswer = z.infer<typeof DictItemsResponse>;

/**
 * The enabled items of a dictionary type (`/a/api/dict/items?code=`), labelled
 * in the console's language, for a form or a filter. `only` keeps the values a
 * field accepts; `fallback` stands in while the dictionary cannot be read.
 */
export function useDict(
  code: string,
  opts: { only?: readonly string[]; fallback?: readonly DictOption[] } = {},
) {
  const { i18n } = useTranslation();
  const query = useQuery({
    // The server labels by the language cookie: one cache entry per language.
    queryKey: [...DICT_QUERY_KEY, "items", code, i18n.language],
    queryFn: () => http.get<ItemsAnswer>("/a/api/dict/items", { code }, { silent: true }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const { only, fallback } = opts;
  const options = useMemo(
    () => dictOptions(query.data?.items, { only, fallback }),
    [query.data, only, fallback],
  );
  return {
    options,
    loading: query.isLoading,
    failed: query.isError,
    labelOf: (value: string | null | undefined) => dictLabelOf(options, value),
  };
}
