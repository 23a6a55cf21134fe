import type { DataSource } from "@marquee/program";
import { useRender } from "../context";
import { useLoaded } from "../hooks";
import type { Loaded } from "../types";

type Rows = Array<Record<string, unknown>>;

const keys = new WeakMap<DataSource, string>();

/** The identity of a source's content (documents are immutable, so one serialisation per object). */
function sourceKey(source: DataSource): string {
  let key = keys.get(source);
  if (key === undefined) {
    key = JSON.stringify(source);
    keys.set(source, key);
  }
  return key;
}

/**
 * Rows of a data source from the host, fetched again every `refreshSec` of
 * the source on a screen and in preview (once in the editor). The query key
 * is the source itself, so editing the source fetches anew.
 */
export function useSourceRows(source: DataSource | null): { loading: boolean; value: Loaded<Rows> | null } {
  const ctx = useRender();
  const key = source ? sourceKey(source) : null;
  return useLoaded<Rows>(
    key,
    () => (source ? ctx.rows(source) : Promise.resolve({ data: null, reason: null })),
    source && ctx.mode !== "edit" ? source.refreshSec * 1000 : null,
  );
}
