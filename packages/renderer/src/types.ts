import type { DataSource, ProgramDoc, Scene, Widget } from "@marquee/program";

/**
 * Where a program is drawn:
 * - edit: the editor's canvas — static where motion would get in the way
 *   (videos paused on their first frame, web pages inert, nothing reports);
 * - preview: the console plays the program as a screen would, buttons work;
 * - play: the player on a screen — as preview, and it reports events.
 */
export type RenderMode = "edit" | "preview" | "play";

/** What the renderer knows of a material: enough to play it. */
export interface MediaInfo {
  id: number;
  type: "image" | "video" | "audio" | "document" | "web" | "stream";
  name: string;
  /** Address to load it from (a file address, a cached copy, or the address of a web/stream material). */
  url: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** Current weather and daily lows/highs at a place, as the host's provider answers. */
export interface WeatherResult {
  current: {
    time: string;
    temperature: number;
    weatherCode: number;
    humidity: number | null;
    windSpeed: number | null;
  };
  daily: Array<{ date: string; min: number; max: number; weatherCode: number }>;
  units: "metric" | "imperial";
}
/** Exchange rates of a base currency on a date, as the host's provider answers. */
export interface RatesResult {
  base: string;
  date: string;
  rates: Record<string, number>;
}
/** `null` data means "no data" (no provider answered): the widget says so and never invents figures. */
export type Loaded<T> = { data: T | null; reason: string | null };

/** Something that happened on a screen, for proof of play and statistics (play mode only). */
export type PlayEvent =
  | { kind: "sceneStart"; sceneId: string; at: number }
  | { kind: "sceneEnd"; sceneId: string; at: number; ms: number }
  | { kind: "mediaStart"; sceneId: string; widgetId: string; materialId: number; at: number }
  | { kind: "mediaEnd"; sceneId: string; widgetId: string; materialId: number; at: number; ms: number }
  | { kind: "click"; sceneId: string; widgetId: string; at: number }
  | { kind: "error"; sceneId: string; widgetId: string; message: string; at: number };

/** Everything a renderer needs from its host (editor, preview, player). */
export interface RenderContext {
  mode: RenderMode;
  /** One of zh_CN, zh_TW, en, it, ru, fr: the renderer's own few strings ("No data"…). */
  locale: string;
  media(materialId: number): MediaInfo | null;
  weather(q: {
    latitude: number;
    longitude: number;
    units: "metric" | "imperial";
    days: number;
  }): Promise<Loaded<WeatherResult>>;
  rates(q: { base: string; symbols: string[] }): Promise<Loaded<RatesResult>>;
  /** Rows of a data source (the host fetches addresses through its server). */
  rows(source: DataSource): Promise<Loaded<Array<Record<string, unknown>>>>;
  onEvent?(event: PlayEvent): void;
  /** The clock; tests and the editor's time scrubber may pin it. */
  now?(): number;
}

export type { DataSource, ProgramDoc, Scene, Widget };
