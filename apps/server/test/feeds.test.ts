import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, type TestApp } from "./helpers";

/**
 * The providers, as they answer on the internet (this machine has none):
 * Open-Meteo's /v1/forecast (https://open-meteo.com/en/docs) and
 * Frankfurter's /latest (https://frankfurter.dev), on 127.0.0.1.
 */
function fakeProviders() {
  const asked: URL[] = [];
  let broken = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    asked.push(url);
    res.setHeader("content-type", "application/json");
    if (broken) return res.end(JSON.stringify({ hello: "world" }));
    if (url.pathname === "/v1/forecast") {
      const lat = Number(url.searchParams.get("latitude"));
      if (lat > 90) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: true, reason: "Latitude must be in range of -90 to 90°." }));
      }
      const f = url.searchParams.get("temperature_unit") === "fahrenheit";
      const days = Number(url.searchParams.get("forecast_days"));
      const dates = ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"].slice(0, days);
      return res.end(
        JSON.stringify({
          latitude: lat,
          longitude: Number(url.searchParams.get("longitude")),
          generationtime_ms: 0.05,
          utc_offset_seconds: 3600,
          timezone: "Europe/Rome",
          timezone_abbreviation: "GMT+1",
          elevation: 21,
          current_units: {
            time: "iso8601",
            interval: "seconds",
            temperature_2m: f ? "°F" : "°C",
            relative_humidity_2m: "%",
            weather_code: "wmo code",
            wind_speed_10m: f ? "mp/h" : "km/h",
          },
          current: {
            time: "2025-03-01T12:00",
            interval: 900,
            temperature_2m: f ? 59 : 15,
            relative_humidity_2m: 62,
            weather_code: 3,
            wind_speed_10m: f ? 6.2 : 10,
          },
          daily_units: {
            time: "iso8601",
            weather_code: "wmo code",
            temperature_2m_max: "°C",
            temperature_2m_min: "°C",
          },
          daily: {
            time: dates,
            weather_code: [3, 61, null, 0].slice(0, days),
            temperature_2m_max: [17, 14, 16, 18].slice(0, days),
            temperature_2m_min: [8, 9, 7, 6].slice(0, days),
          },
        }),
      );
    }
    if (url.pathname === "/latest") {
      const to = (url.searchParams.get("to") ?? "").split(",");
      const all: Record<string, number> = { USD: 1.0842, GBP: 0.8571, CNY: 7.8213, JPY: 162.87 };
      return res.end(
        JSON.stringify({
          amount: 1.0,
          base: url.searchParams.get("from"),
          date: "2025-02-28",
          rates: Object.fromEntries(to.filter((s) => s in all).map((s) => [s, all[s]])),
        }),
      );
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ message: "not found" }));
  });
  return {
    server,
    asked,
    breakIt: (b: boolean) => {
      broken = b;
    },
  };
}

let t: TestApp;
let anon: Client;
const fake = fakeProviders();
let base = "";
const dir = mkdtempSync(path.join(tmpdir(), "marquee-feeds-"));

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  t = await createTestApp();
  await t.app.services.settings.set("weatherUrl", base, null);
  await t.app.services.settings.set("ratesUrl", base, null);
  // No session: players and the console ask these before and without one.
  anon = new Client(t.app, "en");
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => fake.server.close(resolve));
});

const weather = (q: Record<string, string | number>) =>
  anon.get("/f/common/weather", q).then((r) => r.json());
const rates = (q: Record<string, string>) => anon.get("/f/common/apiStore", q).then((r) => r.json());
const move = (minutes: number) => t.clock.advance(minutes * 60_000);

describe("weather", () => {
  it("asks Open-Meteo for the rounded place and maps its answer", async () => {
    const res = await weather({ latitude: 41.8919, longitude: 12.5113, days: 3 });
    expect(res).toMatchObject({
      code: 0,
      reason: null,
      data: {
        provider: "openMeteo",
        units: "metric",
        current: { time: "2025-03-01T12:00", temperature: 15, weatherCode: 3, humidity: 62, windSpeed: 10 },
        // A day without figures is left out, never filled in.
        daily: [
          { date: "2025-03-01", min: 8, max: 17, weatherCode: 3 },
          { date: "2025-03-02", min: 9, max: 14, weatherCode: 61 },
        ],
      },
    });
    const q = fake.asked.at(-1)?.searchParams;
    expect(Object.fromEntries(q ?? [])).toEqual({
      latitude: "41.89",
      longitude: "12.51",
      current: "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m",
      daily: "weather_code,temperature_2m_max,temperature_2m_min",
      timezone: "auto",
      forecast_days: "3",
    });
  });

  it("asks in Fahrenheit and mph for imperial units, and for one day when none is shown", async () => {
    const res = await weather({ latitude: 40.71, longitude: -74.01, units: "imperial", days: 0 });
    expect(res.data).toMatchObject({
      units: "imperial",
      current: { temperature: 59, windSpeed: 6.2 },
      daily: [],
    });
    const q = fake.asked.at(-1)?.searchParams;
    expect(q?.get("temperature_unit")).toBe("fahrenheit");
    expect(q?.get("wind_speed_unit")).toBe("mph");
    expect(q?.get("forecast_days")).toBe("1");
  });

  it("answers the same question from memory for 10 minutes", async () => {
    const before = fake.asked.length;
    await weather({ latitude: 45.4642, longitude: 9.19, days: 2 });
    await weather({ latitude: 45.4611, longitude: 9.1899, days: 2 }); // the same place at 2 decimals
    expect(fake.asked.length).toBe(before + 1);
    move(9);
    await weather({ latitude: 45.46, longitude: 9.19, days: 2 });
    expect(fake.asked.length).toBe(before + 1);
    move(2);
    await weather({ latitude: 45.46, longitude: 9.19, days: 2 });
    expect(fake.asked.length).toBe(before + 2);
  });

  it("says why there is no data: a bad answer, an unreachable provider, or none chosen", async () => {
    fake.breakIt(true);
    try {
      const bad = await weather({ latitude: 1, longitude: 1 });
      expect(bad.data).toBeNull();
      expect(bad.reason).toMatch(/^bad answer: current/);
    } finally {
      fake.breakIt(false);
    }

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await t.app.services.settings.set("weatherUrl", `http://127.0.0.1:${port}`, null);
    const down = await weather({ latitude: 2, longitude: 2 });
    expect(down).toMatchObject({ code: 0, data: null, reason: "unreachable: ECONNREFUSED" });
    await t.app.services.settings.set("weatherUrl", base, null);

    await t.app.services.settings.set("weatherProvider", "none", null);
    expect(await weather({ latitude: 2, longitude: 2 })).toMatchObject({
      data: null,
      reason: "provider none",
    });
    await t.app.services.settings.set("weatherProvider", "openMeteo", null);
    // With the provider back, the answer is fresh (a change of settings is a new question).
    expect((await weather({ latitude: 2, longitude: 2 })).data).not.toBeNull();
  });

  it("reads a file with one entry for every place, or entries per place, converting units", async () => {
    const entry = {
      units: "metric",
      current: {
        time: "2025-03-01T09:00",
        temperature: 20,
        weatherCode: 1,
        humidity: 50,
        windSpeed: 16.09344,
      },
      daily: [
        { date: "2025-03-01", min: 10, max: 20, weatherCode: 1 },
        { date: "2025-03-02", min: 0, max: 5, weatherCode: 71 },
      ],
    };
    const one = path.join(dir, "weather-one.json");
    writeFileSync(one, JSON.stringify(entry));
    await t.app.services.settings.set("weatherProvider", "file", null);
    await t.app.services.settings.set("weatherFile", one, null);
    const asked = fake.asked.length;
    const metric = await weather({ latitude: 10, longitude: 10, days: 1 });
    expect(metric.data).toMatchObject({ provider: "file", units: "metric", current: entry.current });
    expect(metric.data.daily).toEqual([entry.daily[0]]);
    const imperial = await weather({ latitude: 10, longitude: 10, units: "imperial", days: 2 });
    expect(imperial.data.current).toMatchObject({ temperature: 68, windSpeed: 10 });
    expect(imperial.data.daily[1]).toMatchObject({ min: 32, max: 41 });
    expect(fake.asked.length).toBe(asked);

    const places = path.join(dir, "weather-places.json");
    writeFileSync(
      places,
      JSON.stringify({ "41.89,12.48": entry, "45.46, 9.19": { ...entry, units: "imperial" } }),
    );
    await t.app.services.settings.set("weatherFile", places, null);
    expect((await weather({ latitude: 41.8912, longitude: 12.4801 })).data.current.temperature).toBe(20);
    expect((await weather({ latitude: 45.46, longitude: 9.19 })).data.current.temperature).toBe(-6.67);
    expect(await weather({ latitude: 0, longitude: 0 })).toMatchObject({
      data: null,
      reason: "no entry for 0,0 in the file",
    });

    writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ current: { temperature: "warm" } }));
    await t.app.services.settings.set("weatherFile", path.join(dir, "bad.json"), null);
    expect((await weather({ latitude: 5, longitude: 5 })).reason).toMatch(/^bad answer/);
    await t.app.services.settings.set("weatherFile", path.join(dir, "absent.json"), null);
    expect((await weather({ latitude: 5, longitude: 5 })).reason).toBe("unreadable: ENOENT");
    await t.app.services.settings.set("weatherProvider", "openMeteo", null);
  });
});

describe("exchange rates", () => {
  it("asks Frankfurter for the symbols and maps its answer; the base itself is 1", async () => {
    const res = await rates({ base: "EUR", symbols: "USD,GBP,EUR" });
    expect(res).toMatchObject({
      code: 0,
      reason: null,
      data: {
        provider: "frankfurter",
        base: "EUR",
        date: "2025-02-28",
        rates: { USD: 1.0842, GBP: 0.8571, EUR: 1 },
      },
    });
    const q = fake.asked.at(-1);
    expect(q?.pathname).toBe("/latest");
    expect(q?.searchParams.get("from")).toBe("EUR");
    expect(q?.searchParams.get("to")).toBe("GBP,USD");

    const before = fake.asked.length;
    await rates({ base: "EUR", symbols: "GBP,USD,EUR" }); // the same question in another order
    expect(fake.asked.length).toBe(before);
  });

  it("reads a rates file, through its base for another base, and says when there is nothing", async () => {
    const file = path.join(dir, "rates.json");
    writeFileSync(file, JSON.stringify({ base: "EUR", date: "2025-02-27", rates: { USD: 1.25, GBP: 0.8 } }));
    await t.app.services.settings.set("ratesProvider", "file", null);
    await t.app.services.settings.set("ratesFile", file, null);
    expect((await rates({ base: "EUR", symbols: "USD,CHF" })).data).toMatchObject({
      provider: "file",
      base: "EUR",
      date: "2025-02-27",
      rates: { USD: 1.25 },
    });
    expect((await rates({ base: "USD", symbols: "EUR,GBP" })).data.rates).toEqual({ EUR: 0.8, GBP: 0.64 });
    expect(await rates({ base: "CHF", symbols: "EUR" })).toMatchObject({
      data: null,
      reason: "no rate for CHF in the file",
    });
    await t.app.services.settings.set("ratesProvider", "none", null);
    expect(await rates({ base: "EUR", symbols: "USD" })).toMatchObject({
      data: null,
      reason: "provider none",
    });
    await t.app.services.settings.set("ratesProvider", "frankfurter", null);
  });

  it("refuses malformed questions", async () => {
    expect((await anon.get("/f/common/apiStore", { base: "eur", symbols: "USD" })).statusCode).toBe(400);
    expect((await anon.get("/f/common/apiStore", { base: "EUR", symbols: "USD;GBP" })).statusCode).toBe(400);
    expect((await anon.get("/f/common/weather", { latitude: 91, longitude: 0 })).statusCode).toBe(400);
  });
});

describe("rate limit", () => {
  it("answers 429 past the open-call limit", async () => {
    const limited = await createTestApp({ RATE_LIMIT_OPEN_PER_MINUTE: "3" });
    try {
      await limited.app.services.settings.set("weatherProvider", "none", null);
      const c = new Client(limited.app, "en");
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await c.get("/f/common/weather", { latitude: 1, longitude: 1 })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
