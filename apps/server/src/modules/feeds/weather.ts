import type { WeatherData } from "@marquee/contracts";
import { z } from "zod";
import { FetchFailed, fetchJson } from "./fetch";
import { readJsonFile } from "./file";

/** What a weather widget asks: a place (rounded to 2 decimals, about 1 km), units and days of forecast. */
export interface WeatherRequest {
  latitude: number;
  longitude: number;
  units: "metric" | "imperial";
  days: number;
}

const zodReason = (e: z.ZodError) =>
  e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");

// ---- Open-Meteo (https://open-meteo.com/en/docs): no key, WMO weather codes ----

const OpenMeteoAnswer = z.object({
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    relative_humidity_2m: z.number().nullish(),
    weather_code: z.number().int(),
    wind_speed_10m: z.number().nullish(),
  }),
  daily: z
    .object({
      time: z.array(z.string()),
      weather_code: z.array(z.number().int().nullable()),
      temperature_2m_max: z.array(z.number().nullable()),
      temperature_2m_min: z.array(z.number().nullable()),
    })
    .optional(),
});

/** GET {base}/v1/forecast for the current weather and `days` days of forecast, mapped to WeatherData. */
export async function openMeteoWeather(base: string, q: WeatherRequest, now: Date): Promise<WeatherData> {
  const params = new URLSearchParams({
    latitude: String(q.latitude),
    longitude: String(q.longitude),
    current: "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m",
    daily: "weather_code,temperature_2m_max,temperature_2m_min",
    timezone: "auto",
    forecast_days: String(Math.max(1, q.days)),
  });
  if (q.units === "imperial") {
    params.set("temperature_unit", "fahrenheit");
    params.set("wind_speed_unit", "mph");
  }
  const json = await fetchJson(`${base.replace(/\/+$/, "")}/v1/forecast?${params}`);
  const parsed = OpenMeteoAnswer.safeParse(json);
  if (!parsed.success) throw new FetchFailed(`bad answer: ${zodReason(parsed.error)}`);
  const { current, daily } = parsed.data;
  const days: WeatherData["daily"] = [];
  if (daily) {
    for (let i = 0; i < daily.time.length && days.length < q.days; i++) {
      const min = daily.temperature_2m_min[i];
      const max = daily.temperature_2m_max[i];
      const code = daily.weather_code[i];
      const date = daily.time[i];
      // A day the model has no figures for is left out, not filled in.
      if (min == null || max == null || code == null || date === undefined) continue;
      days.push({ date, min, max, weatherCode: code });
    }
  }
  return {
    provider: "openMeteo",
    units: q.units,
    current: {
      time: current.time,
      temperature: current.temperature_2m,
      weatherCode: current.weather_code,
      humidity: current.relative_humidity_2m ?? null,
      windSpeed: current.wind_speed_10m ?? null,
    },
    daily: days,
    fetchedAt: now.toISOString(),
  };
}

// ---- a JSON file on the server ----

/**
 * One place's weather in a weather file: WeatherData without `provider` and
 * `fetchedAt` (the file's modification time is used).
 */
const FileEntry = z.object({
  units: z.enum(["metric", "imperial"]),
  current: z.object({
    time: z.string(),
    temperature: z.number(),
    weatherCode: z.number().int(),
    humidity: z.number().nullable().default(null),
    windSpeed: z.number().nullable().default(null),
  }),
  daily: z
    .array(z.object({ date: z.string(), min: z.number(), max: z.number(), weatherCode: z.number().int() }))
    .default([]),
});
type FileEntry = z.infer<typeof FileEntry>;

/** The file: one entry for every place, or entries keyed by "latitude,longitude" (matched at 2 decimals). */
const WeatherFile = z.union([
  FileEntry,
  z.record(z.string().regex(/^\s*-?[\d.]+\s*,\s*-?[\d.]+\s*$/), FileEntry),
]);

const round2 = (n: number) => Math.round(n * 100) / 100;
const toF = (c: number) => round2((c * 9) / 5 + 32);
const toC = (f: number) => round2(((f - 32) * 5) / 9);
const KMH_PER_MPH = 1.609344;

/** The entry in the asked units (°C and km/h, or °F and mph). */
function inUnits(e: FileEntry, units: WeatherRequest["units"]): FileEntry {
  if (e.units === units) return e;
  const t = units === "imperial" ? toF : toC;
  const wind = (v: number | null) =>
    v === null ? null : round2(units === "imperial" ? v / KMH_PER_MPH : v * KMH_PER_MPH);
  return {
    units,
    current: { ...e.current, temperature: t(e.current.temperature), windSpeed: wind(e.current.windSpeed) },
    daily: e.daily.map((d) => ({ ...d, min: t(d.min), max: t(d.max) })),
  };
}

/** The weather of a place from a JSON file (see WeatherFile for its two forms). */
export async function fileWeather(file: string, q: WeatherRequest): Promise<WeatherData> {
  const { json, modifiedAt } = await readJsonFile(file);
  const parsed = WeatherFile.safeParse(json);
  if (!parsed.success) throw new FetchFailed(`bad answer: ${zodReason(parsed.error)}`);
  let entry: FileEntry | undefined;
  if ("current" in parsed.data) entry = parsed.data as FileEntry;
  else {
    for (const [key, value] of Object.entries(parsed.data as Record<string, FileEntry>)) {
      const [lat, lon] = key.split(",").map((s) => round2(Number(s)));
      if (lat === round2(q.latitude) && lon === round2(q.longitude)) entry = value;
    }
  }
  if (!entry) throw new FetchFailed(`no entry for ${round2(q.latitude)},${round2(q.longitude)} in the file`);
  const e = inUnits(entry, q.units);
  return {
    provider: "file",
    units: q.units,
    current: e.current,
    daily: e.daily.slice(0, q.days),
    fetchedAt: modifiedAt.toISOString(),
  };
}
