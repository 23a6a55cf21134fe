import { type AddressSuggestion, type Locale, VERSION } from "@marquee/contracts";
import { z } from "zod";
import { AppError } from "../../platform/errors";
import { FetchFailed, fetchJson } from "../feeds/fetch";

/** Suggestions asked of the service per question (Nominatim's `limit`). */
export const SUGGEST_LIMIT = 5;
const SUGGEST_TIMEOUT_MS = 5_000;
const SUGGEST_MAX_BYTES = 512 * 1024;
/** Answers are kept this long: the public Nominatim asks for at most one request a second and caching. */
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 1_000;
/** Nominatim's usage policy asks for an identifying User-Agent (the default "node" is refused). */
export const SUGGEST_USER_AGENT = `Marquee/${VERSION} (digital signage server; terminal map address search)`;

/** The languages Nominatim is asked to name places in, per console language. */
const ACCEPT_LANGUAGE: Record<Locale, string> = {
  zh_CN: "zh-CN,zh",
  zh_TW: "zh-TW,zh",
  en: "en",
  it: "it",
  ru: "ru",
  fr: "fr",
};

/** A Nominatim search hit: coordinates arrive as strings ("48.85"), some services send numbers. */
const Hit = z.object({
  display_name: z.string().min(1).max(1000),
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
});

/** The address of one question to the service: its own query string kept, ours set over it. */
export function suggestUrl(base: string, q: string, locale: Locale): string {
  const url = new URL(base);
  url.searchParams.set("format", "json");
  url.searchParams.set("q", q);
  url.searchParams.set("limit", String(SUGGEST_LIMIT));
  url.searchParams.set("accept-language", ACCEPT_LANGUAGE[locale]);
  return url.toString();
}

/** The suggestions of a Nominatim-compatible answer; an answer of another shape is the service's fault (502). */
export function parseSuggestions(body: unknown, host: string): AddressSuggestion[] {
  const hits = z.array(z.unknown()).safeParse(body);
  if (!hits.success) throw new AppError(502, "map.suggestFailed", { host, reason: "bad answer: not a list" });
  const out: AddressSuggestion[] = [];
  for (const raw of hits.data) {
    const hit = Hit.safeParse(raw);
    if (!hit.success) continue;
    const lat = Number(hit.data.lat);
    const lng = Number(hit.data.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) continue;
    out.push({ label: hit.data.display_name, lat, lng });
    if (out.length >= SUGGEST_LIMIT) break;
  }
  return out;
}

/**
 * Address suggestions through the configured service, answered from memory
 * for a while (operators type the same places again, and public services ask
 * for caching). A service that cannot be reached is a 503, one that answers
 * badly a 502, each naming the host and why; failures are not kept.
 */
export class AddressSuggester {
  private readonly cache = new Map<string, { at: number; list: AddressSuggestion[] }>();

  constructor(private readonly now: () => number) {}

  async suggest(base: string, q: string, locale: Locale): Promise<AddressSuggestion[]> {
    const url = suggestUrl(base, q, locale);
    const hit = this.cache.get(url);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.list;
    const host = new URL(base).host;
    let body: unknown;
    try {
      body = await fetchJson(url, {
        timeoutMs: SUGGEST_TIMEOUT_MS,
        maxBytes: SUGGEST_MAX_BYTES,
        userAgent: SUGGEST_USER_AGENT,
      });
    } catch (err) {
      if (!(err instanceof FetchFailed)) throw err;
      const unreachable = err.message.startsWith("unreachable");
      throw new AppError(
        unreachable ? 503 : 502,
        unreachable ? "map.suggestUnreachable" : "map.suggestFailed",
        {
          host,
          reason: err.message,
        },
      );
    }
    const list = parseSuggestions(body, host);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
    this.cache.set(url, { at: this.now(), list });
    return list;
  }
}
