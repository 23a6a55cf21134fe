/** The most ids one batch call carries (zIdList takes up to 1,000; smaller calls keep each request short). */
export const BATCH_IDS = 500;

/** Splits a list into runs of at most `size` (batch calls over a selection spanning many pages). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += Math.max(1, size)) out.push(list.slice(i, i + Math.max(1, size)));
  return out;
}

/**
 * Runs `work` on every item, at most `limit` at a time (calls that take one terminal each, such as
 * disable/enable), and tells which items succeeded and which failed instead of stopping at the first failure.
 */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<{ ok: T[]; failed: T[] }> {
  const ok: T[] = [];
  const failed: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
        ok.push(item);
      } catch {
        failed.push(item);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return { ok, failed };
}

/** The longest comma list of command ids one commandResults call carries (CommandResultsQuery: 20,000 characters). */
export const RESULT_IDS_CHARS = 19_000;

/** Splits ids into comma lists no longer than `maxChars` each (a long selection polls in several calls). */
export function chunkIdList(ids: readonly string[], maxChars: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const id of ids) {
    const next = current ? `${current},${id}` : id;
    if (next.length > maxChars && current) {
      out.push(current);
      current = id;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}
