import type { DataSource } from "@marquee/program";
import { FEED_KEEP_SEC } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { createFeeds, feedAnswer, rowsOfText, SHARE_MS } from "../src/feeds";

const source = (over: Partial<DataSource>): DataSource => ({
  id: "d1",
  name: "d",
  format: "json",
  kind: "url",
  url: "https://data.example/rows.json",
  rowsPath: "",
  rows: [],
  refreshSec: 60,
  ...over,
});
const rates = { base: "EUR", date: "2026-02-27", rates: { USD: 1.08 } };

describe("feeds", () => {
  it("reads the server's {code, data, reason} answers", () => {
    const isRates = (v: unknown): v is typeof rates => typeof v === "object" && v !== null && "rates" in v;
    expect(feedAnswer({ code: 0, data: rates, reason: null }, isRates)).toEqual({
      data: rates,
      reason: null,
    });
    expect(feedAnswer({ code: 0, data: null, reason: "provider none" }, isRates)).toEqual({
      data: null,
      reason: "provider none",
    });
    expect(feedAnswer({ code: 429, msg: "slow down" }, isRates)).toEqual({ data: null, reason: "slow down" });
    expect(feedAnswer("x", isRates)).toEqual({ data: null, reason: "bad answer" });
  });

  it("parses rows of CSV and JSON sources", () => {
    expect(rowsOfText(source({ format: "csv" }), "a,b\n1,2\n")).toEqual([{ a: "1", b: "2" }]);
    expect(
      rowsOfText(source({ rowsPath: "data.items" }), JSON.stringify({ data: { items: [{ x: 1 }] } })),
    ).toEqual([{ x: 1 }]);
  });

  it("asks the server once for widgets asking the same question, and says why when it fails", async () => {
    let now = 0;
    const asked: string[] = [];
    const f = (async (url: URL | string) => {
      asked.push(String(url));
      if (String(url).includes("weather")) throw new TypeError("Failed to fetch");
      return Response.json({ code: 0, data: rates, reason: null });
    }) as typeof fetch;
    const feeds = createFeeds(f, "http://s", () => now);
    const q = { base: "EUR", symbols: ["USD", "GBP"] };
    expect(await feeds.rates(q)).toEqual({ data: rates, reason: null });
    await feeds.rates(q);
    expect(asked).toEqual(["http://s/apm-web/f/common/apiStore?base=EUR&symbols=USD%2CGBP"]);
    now += SHARE_MS;
    await feeds.rates(q);
    expect(asked).toHaveLength(2);
    const w = await feeds.weather({ latitude: 1, longitude: 2, units: "metric", days: 3 });
    expect(w).toEqual({ data: null, reason: "unreachable: Failed to fetch" });
  });

  it("keeps showing the last weather and rates offline for their keep time, then says why", async () => {
    let now = 0;
    let online = true;
    const weather = { current: { t: 20 }, daily: [], units: "metric" };
    const f = (async (url: URL | string) => {
      if (!online) throw new TypeError("Failed to fetch");
      return Response.json({
        code: 0,
        data: String(url).includes("weather") ? weather : rates,
        reason: null,
      });
    }) as typeof fetch;
    const feeds = createFeeds(f, "http://s", () => now);
    const wq = { latitude: 1, longitude: 2, units: "metric" as const, days: 3 };
    const rq = { base: "EUR", symbols: ["USD"] };
    expect((await feeds.weather(wq)).data).toEqual(weather);
    expect((await feeds.rates(rq)).data).toEqual(rates);
    online = false;
    now += FEED_KEEP_SEC.weather * 1000 - SHARE_MS;
    expect(await feeds.weather(wq)).toEqual({ data: weather, reason: null });
    now += SHARE_MS;
    expect(await feeds.weather(wq)).toEqual({ data: null, reason: "unreachable: Failed to fetch" });
    // Rates keep longer.
    expect(await feeds.rates(rq)).toEqual({ data: rates, reason: null });
    now = FEED_KEEP_SEC.rates * 1000;
    expect((await feeds.rates(rq)).data).toBeNull();
  });

  it("gives inline rows as they are and fetches addresses directly", async () => {
    const f = (async () => new Response("nope", { status: 502 })) as typeof fetch;
    const feeds = createFeeds(f, "http://s");
    expect(await feeds.rows(source({ kind: "inline", url: null, rows: [{ a: 1 }] }))).toEqual({
      data: [{ a: 1 }],
      reason: null,
    });
    expect(await feeds.rows(source({}))).toEqual({ data: null, reason: "HTTP 502" });
    const bad = createFeeds((async () => new Response("{oops")) as typeof fetch, "http://s");
    expect((await bad.rows(source({}))).reason).toMatch(/^bad answer/);
  });
});
