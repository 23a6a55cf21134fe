import { type DataSource, parseCsv, rowsAt } from "@marquee/program";
import type { Loaded, RatesResult, WeatherResult } from "@marquee/renderer";
import { API_PREFIX, FEED_KEEP_SEC } from "@marquee/terminal-protocol";

/**
 * Weather, exchange rates and data-source rows for the widgets on a screen.
 * Weather and rates come through the server's open feeds (cached there);
 * address sources are fetched directly by the screen. Whatever fails answers
 * "no data" with the reason, never invented figures, and never blocks play;
 * but weather and rates that fail keep their last answer for FEED_KEEP_SEC
 * (a screen offline for an hour still shows the day's weather).
 */

/** Rows a source may give, as on the server. */
export const MAX_ROWS = 1000;
const FEED_TIMEOUT_MS = 10_000;
/** Widgets asking the same question within this time share one answer. */
export const SHARE_MS = 30_000;

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function getJson(fetchFn: typeof fetch, url: URL | string): Promise<unknown> {
  const res = await fetchFn(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

/** A feed's answer `{code, data, reason}` as the renderer takes it. */
export function feedAnswer<T>(body: unknown, isData: (v: unknown) => v is T): Loaded<T> {
  if (!body || typeof body !== "object") return { data: null, reason: "bad answer" };
  const b = body as { code?: unknown; data?: unknown; reason?: unknown; msg?: unknown };
  const reason = typeof b.reason === "string" ? b.reason : typeof b.msg === "string" ? b.msg : null;
  if (b.code !== 0) return { data: null, reason: reason ?? "bad answer" };
  if (b.data === null || b.data === undefined) return { data: null, reason };
  return isData(b.data) ? { data: b.data, reason: null } : { data: null, reason: "bad answer" };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isWeather = (v: unknown): v is WeatherResult =>
  isObject(v) &&
  isObject(v.current) &&
  Array.isArray(v.daily) &&
  (v.units === "metric" || v.units === "imperial");
const isRates = (v: unknown): v is RatesResult =>
  isObject(v) && typeof v.base === "string" && typeof v.date === "string" && isObject(v.rates);

/** Rows of a source's fetched text, by its format (at most MAX_ROWS). */
export function rowsOfText(source: DataSource, text: string): Array<Record<string, unknown>> {
  if (source.format === "csv") return parseCsv(text, MAX_ROWS).rows;
  return rowsAt(JSON.parse(text), source.rowsPath, MAX_ROWS).rows;
}

/** The feeds of a server origin, with an injectable fetch and clock. */
export function createFeeds(fetchFn: typeof fetch, origin: string, now: () => number = Date.now) {
  const recent = new Map<string, { at: number; answer: Promise<Loaded<unknown>> }>();
  const loaded = <T>(key: string, load: () => Promise<Loaded<T>>): Promise<Loaded<T>> => {
    const t = now();
    for (const [k, v] of recent) if (t - v.at >= SHARE_MS) recent.delete(k);
    const hit = recent.get(key);
    if (hit) return hit.answer as Promise<Loaded<T>>;
    const answer = load().catch((e: unknown) => ({ data: null, reason: `unreachable: ${reasonOf(e)}` }));
    recent.set(key, { at: t, answer });
    return answer;
  };
  // The last answer with data of each feed question, kept for its FEED_KEEP_SEC when the feed fails.
  const good = new Map<string, { at: number; answer: Loaded<unknown> }>();
  const kept = <T>(key: string, keepSec: number, answer: Promise<Loaded<T>>): Promise<Loaded<T>> =>
    answer.then((a) => {
      const t = now();
      if (a.data !== null) {
        good.set(key, { at: t, answer: a });
        return a;
      }
      const last = good.get(key);
      if (last && t - last.at < keepSec * 1000) return last.answer as Loaded<T>;
      good.delete(key);
      return a;
    });
  return {
    weather(q: { latitude: number; longitude: number; units: "metric" | "imperial"; days: number }) {
      const url = new URL(`${API_PREFIX}/f/common/weather`, origin);
      for (const [k, v] of Object.entries(q)) url.searchParams.set(k, String(v));
      const key = url.toString();
      return kept(
        key,
        FEED_KEEP_SEC.weather,
        loaded(key, async () => feedAnswer(await getJson(fetchFn, url), isWeather)),
      );
    },
    rates(q: { base: string; symbols: string[] }) {
      const url = new URL(`${API_PREFIX}/f/common/apiStore`, origin);
      url.searchParams.set("base", q.base);
      url.searchParams.set("symbols", q.symbols.join(","));
      const key = url.toString();
      return kept(
        key,
        FEED_KEEP_SEC.rates,
        loaded(key, async () => feedAnswer(await getJson(fetchFn, url), isRates)),
      );
    },
    async rows(source: DataSource): Promise<Loaded<Array<Record<string, unknown>>>> {
      if (source.kind === "inline") return { data: source.rows, reason: null };
      if (!source.url) return { data: null, reason: "no address" };
      const url = source.url;
      return loaded(JSON.stringify([url, source.format, source.rowsPath]), async () => {
        const res = await fetchFn(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
        if (!res.ok) return { data: null, reason: `HTTP ${res.status}` };
        try {
          return { data: rowsOfText(source, await res.text()), reason: null };
        } catch (e) {
          return { data: null, reason: `bad answer: ${reasonOf(e)}` };
        }
      });
    },
  };
}
