import {
  type RatesData,
  RatesQuery,
  RatesResponse,
  type SettingValue,
  type WeatherData,
  WeatherQuery,
  WeatherResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FeedAnswer, FeedCache } from "./cache";
import { FetchFailed } from "./fetch";
import { fileRates, frankfurterRates } from "./rates";
import { fileWeather, openMeteoWeather, type WeatherRequest } from "./weather";

/** Turns a provider's result into an answer: data, or null with the reason (never made-up figures). */
async function answerOf<T>(load: () => Promise<T>, log: { warn: (o: object, m: string) => void }) {
  try {
    return { data: await load(), reason: null } satisfies FeedAnswer<T>;
  } catch (err) {
    if (err instanceof FetchFailed) return { data: null, reason: err.message } satisfies FeedAnswer<T>;
    log.warn({ err }, "a feed provider failed unexpectedly");
    return { data: null, reason: `bad answer: ${(err as Error).message}` } satisfies FeedAnswer<T>;
  }
}

/**
 * Weather and exchange rates for the widgets of the same names (spec §7:
 * /f/common/weather, /f/common/apiStore). Open like the other /f calls, since
 * players ask them too; they carry no tenant data. Rate-limited per address,
 * and cached per question for 10 minutes, so screens never hammer a provider.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const openLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };
  const now = () => services.clock.now().getTime();
  const weatherCache = new FeedCache<WeatherData>(now);
  const ratesCache = new FeedCache<RatesData>(now);

  app.get(
    "/f/common/weather",
    {
      config: openLimit,
      schema: { tags: ["feeds"], querystring: WeatherQuery, response: { 200: WeatherResponse } },
    },
    async (req) => {
      const { weatherProvider, weatherUrl, weatherFile } = (await services.settings.getMany([
        "weatherProvider",
        "weatherUrl",
        "weatherFile",
      ])) as {
        weatherProvider: SettingValue<"weatherProvider">;
        weatherUrl: SettingValue<"weatherUrl">;
        weatherFile: SettingValue<"weatherFile">;
      };
      if (weatherProvider === "none") return { data: null, reason: "provider none" };
      const q: WeatherRequest = {
        latitude: Math.round(req.query.latitude * 100) / 100,
        longitude: Math.round(req.query.longitude * 100) / 100,
        units: req.query.units,
        days: req.query.days,
      };
      const source = weatherProvider === "file" ? weatherFile : weatherUrl;
      const key = [
        weatherProvider,
        source,
        q.latitude.toFixed(2),
        q.longitude.toFixed(2),
        q.units,
        q.days,
      ].join("|");
      const answer = await weatherCache.get(key, () =>
        answerOf(
          () =>
            weatherProvider === "file"
              ? fileWeather(weatherFile, q)
              : openMeteoWeather(weatherUrl, q, services.clock.now()),
          req.log,
        ),
      );
      return answer;
    },
  );

  app.get(
    "/f/common/apiStore",
    {
      config: openLimit,
      schema: { tags: ["feeds"], querystring: RatesQuery, response: { 200: RatesResponse } },
    },
    async (req) => {
      const { ratesProvider, ratesUrl, ratesFile } = (await services.settings.getMany([
        "ratesProvider",
        "ratesUrl",
        "ratesFile",
      ])) as {
        ratesProvider: SettingValue<"ratesProvider">;
        ratesUrl: SettingValue<"ratesUrl">;
        ratesFile: SettingValue<"ratesFile">;
      };
      if (ratesProvider === "none") return { data: null, reason: "provider none" };
      const q = { base: req.query.base, symbols: [...new Set(req.query.symbols.split(","))].sort() };
      const source = ratesProvider === "file" ? ratesFile : ratesUrl;
      const key = [ratesProvider, source, q.base, q.symbols.join(",")].join("|");
      const answer = await ratesCache.get(key, () =>
        answerOf(
          () =>
            ratesProvider === "file"
              ? fileRates(ratesFile, q)
              : frankfurterRates(ratesUrl, q, services.clock.now()),
          req.log,
        ),
      );
      return answer;
    },
  );
};
