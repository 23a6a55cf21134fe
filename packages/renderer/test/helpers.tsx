import {
  createProgram,
  createScene,
  createWidget,
  type DataSource,
  type ProgramDoc,
  type Scene,
  type Widget,
  type WidgetOf,
  type WidgetProps,
  type WidgetType,
} from "@marquee/program";
import { act, cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import {
  DataSourcesProvider,
  type Loaded,
  type MediaInfo,
  type PlayEvent,
  type RatesResult,
  type RenderContext,
  type RenderMode,
  RenderProvider,
  type WeatherResult,
  WidgetView,
  type WidgetViewProps,
} from "../src";

/*
 * jsdom has no media playback: HTMLMediaElement.play/pause/load only log
 * "not implemented". These minimal stand-ins let the widgets run; they do not
 * play anything, and `paused` stays as jsdom keeps it. Web Animations
 * (Element.animate) are absent too: the marquee skips motion without it, and
 * tests that look at the motion install a recorder of their own.
 */
Object.defineProperty(HTMLMediaElement.prototype, "play", {
  configurable: true,
  value(this: HTMLMediaElement) {
    this.dispatchEvent(new Event("play"));
    this.dispatchEvent(new Event("playing"));
    return Promise.resolve();
  },
});
Object.defineProperty(HTMLMediaElement.prototype, "pause", { configurable: true, value() {} });
Object.defineProperty(HTMLMediaElement.prototype, "load", { configurable: true, value() {} });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The design size every test program has. */
export const SIZE = { width: 1920, height: 1080 };

/** Materials the test host knows (any other id is "missing"). */
export const MEDIA: Record<number, MediaInfo> = {
  1: {
    id: 1,
    type: "image",
    name: "poster.jpg",
    url: "/files/poster.jpg",
    width: 800,
    height: 600,
    durationMs: null,
  },
  2: {
    id: 2,
    type: "image",
    name: "beach.jpg",
    url: "/files/beach.jpg",
    width: 800,
    height: 600,
    durationMs: null,
  },
  3: {
    id: 3,
    type: "image",
    name: "city.jpg",
    url: "/files/city.jpg",
    width: 800,
    height: 600,
    durationMs: null,
  },
  10: {
    id: 10,
    type: "video",
    name: "promo.mp4",
    url: "/files/promo.mp4",
    width: 1920,
    height: 1080,
    durationMs: 5000,
  },
  11: {
    id: 11,
    type: "video",
    name: "intro.mp4",
    url: "/files/intro.mp4",
    width: 1920,
    height: 1080,
    durationMs: 3000,
  },
  20: {
    id: 20,
    type: "audio",
    name: "music.mp3",
    url: "/files/music.mp3",
    width: null,
    height: null,
    durationMs: 60000,
  },
  30: {
    id: 30,
    type: "web",
    name: "News site",
    url: "https://news.example.com/",
    width: null,
    height: null,
    durationMs: null,
  },
  40: {
    id: 40,
    type: "stream",
    name: "Live",
    url: "https://live.example.com/a.m3u8",
    width: null,
    height: null,
    durationMs: null,
  },
  50: {
    id: 50,
    type: "document",
    name: "menu.pdf",
    url: "/files/menu.pdf",
    width: null,
    height: null,
    durationMs: null,
  },
};

export const WEATHER: WeatherResult = {
  current: { time: "2024-01-15T13:00", temperature: 21.4, weatherCode: 2, humidity: 40, windSpeed: 3 },
  daily: [
    { date: "2024-01-15", min: 11.2, max: 22.6, weatherCode: 2 },
    { date: "2024-01-16", min: 9.8, max: 18.1, weatherCode: 61 },
    { date: "2024-01-17", min: 7.1, max: 15.5, weatherCode: 0 },
  ],
  units: "metric",
};

export const RATES: RatesResult = { base: "EUR", date: "2024-01-15", rates: { USD: 1.0832, CNY: 7.7654 } };

export interface TestHost {
  ctx: RenderContext;
  events: PlayEvent[];
  calls: { weather: number; rates: number; rows: number };
}

/** A render context as a host gives one: known materials, answered feeds, events collected. */
export function makeHost(
  mode: RenderMode,
  options: {
    locale?: string;
    now?: number;
    weather?: Loaded<WeatherResult>;
    rates?: Loaded<RatesResult>;
    rows?: (source: DataSource) => Loaded<Array<Record<string, unknown>>>;
  } = {},
): TestHost {
  const events: PlayEvent[] = [];
  const calls = { weather: 0, rates: 0, rows: 0 };
  const now = options.now;
  const ctx: RenderContext = {
    mode,
    locale: options.locale ?? "en",
    media: (id) => MEDIA[id] ?? null,
    weather: async () => {
      calls.weather++;
      return options.weather ?? { data: WEATHER, reason: null };
    },
    rates: async () => {
      calls.rates++;
      return options.rates ?? { data: RATES, reason: null };
    },
    rows: async (source) => {
      calls.rows++;
      return options.rows ? options.rows(source) : { data: source.rows, reason: null };
    },
    onEvent: (e) => events.push(e),
    ...(now === undefined ? {} : { now: () => now }),
  };
  return { ctx, events, calls };
}

/** A widget of a type with its catalogue defaults, some props changed, at a given frame. */
export function widget<T extends WidgetType>(
  type: T,
  props: Partial<WidgetProps<T>> = {},
  frame: Partial<Pick<Widget, "id" | "x" | "y" | "w" | "h" | "z" | "rotation" | "hidden">> = {},
): WidgetOf<T> {
  const w = createWidget(type, SIZE, { defaults: props });
  return { ...w, ...frame } as WidgetOf<T>;
}

/** An inline data source with rows. */
export function inlineSource(id: string, rows: Array<Record<string, unknown>>): DataSource {
  return { id, name: id, format: "json", kind: "inline", url: null, rowsPath: "", rows, refreshSec: 60 };
}

/** Renders one widget in a host, inside a wrapper of its size, as SceneView would. */
export function renderWidget(
  host: TestHost,
  w: Widget,
  extra: Partial<WidgetViewProps> & { sources?: DataSource[] } = {},
) {
  const { sources = [], ...props } = extra;
  return render(
    <RenderProvider value={host.ctx}>
      <DataSourcesProvider value={sources}>
        <div className="mq-widget" style={{ position: "relative", width: w.w, height: w.h }}>
          <WidgetView widget={w} sceneId="s1" {...props} />
        </div>
      </DataSourcesProvider>
    </RenderProvider>,
  );
}

/** Renders anything in a host. */
export function renderIn(host: TestHost, node: ReactNode) {
  return render(<RenderProvider value={host.ctx}>{node}</RenderProvider>);
}

/** Lets pending promises (host answers) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/**
 * Advances fake timers by `ms`, one timer at a time, each inside its own act:
 * React commits what a timer changed (and its effects set the next timers)
 * before the next one fires, as in a browser. A marker timer at the end keeps
 * the steps from overshooting.
 */
export async function advance(ms: number): Promise<void> {
  const end = Date.now() + ms;
  let reached = false;
  setTimeout(() => {
    reached = true;
  }, ms);
  for (let steps = 0; !reached; steps++) {
    if (steps > 10_000) throw new Error("advance: timers keep firing without reaching the end");
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
  }
  // Timers due at the very end that were set after the marker.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  if (Date.now() !== end) throw new Error(`advance: ended at ${Date.now()}, not ${end}`);
}

/** A program with scenes built by the caller. */
export function program(scenes: Scene[], patch: Partial<ProgramDoc> = {}): ProgramDoc {
  return { ...createProgram(SIZE), scenes, ...patch };
}

/** A scene with an id, kind, seconds and widgets. */
export function scene(
  id: string,
  options: {
    kind?: Scene["kind"];
    seconds?: number;
    mode?: "fixed" | "media";
    widgets?: Widget[];
    transition?: Scene["transition"];
  } = {},
): Scene {
  return {
    ...createScene(id, options.kind ?? "main"),
    id,
    duration: { mode: options.mode ?? "fixed", seconds: options.seconds ?? 10 },
    transition: options.transition ?? { type: "none", durationMs: 0 },
    widgets: options.widgets ?? [],
  };
}

export const MODES: RenderMode[] = ["edit", "preview", "play"];
