import type { DataSource } from "@marquee/program";
import type { Loaded, RenderContext, RenderMode } from "@marquee/renderer";
import { feedApi, programApi } from "../features/program/api";
import { mediaInfo, ttlCache } from "./renderData";
import { useEditor } from "./store";

/**
 * What the renderer needs from the editor (canvas: "edit", preview: "preview"):
 * the program's materials from the editor state, weather and rates through the
 * server, and the rows of data sources (an address is fetched by the server,
 * at most once a minute per address).
 */

/** Rows of an address-backed source are shared by the canvas and the preview for a minute. */
export const ROWS_TTL_MS = 60_000;
const rowsCache = ttlCache<Array<Record<string, unknown>>>(ROWS_TTL_MS);

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function loaded<T>(load: () => Promise<{ data: T | null; reason: string | null }>): Promise<Loaded<T>> {
  try {
    const r = await load();
    return { data: r.data, reason: r.reason };
  } catch (e) {
    return { data: null, reason: reasonOf(e) };
  }
}

/** The rows of a data source: inline rows as they are, an address through the server's preview call. */
export async function sourceRows(source: DataSource): Promise<Loaded<Array<Record<string, unknown>>>> {
  if (source.kind === "inline") return { data: source.rows, reason: null };
  if (!source.url) return { data: null, reason: null };
  const key = JSON.stringify([source.url, source.format, source.rowsPath]);
  return loaded(async () => ({
    data: await rowsCache(key, () => programApi.previewData(source).then((r) => r.rows)),
    reason: null,
  }));
}

/**
 * The editor's render context in a mode, for a language (one object per mode and language);
 * `media` replaces the editor's materials for a program played outside the editor (review).
 */
export function createRenderContext(
  mode: RenderMode,
  locale: string,
  media: RenderContext["media"] = (id) => mediaInfo(useEditor.getState().materials[id]),
): RenderContext {
  return {
    mode,
    locale,
    media,
    weather: (q) => loaded(() => feedApi.weather(q)),
    rates: (q) => loaded(() => feedApi.rates(q)),
    rows: sourceRows,
  };
}
