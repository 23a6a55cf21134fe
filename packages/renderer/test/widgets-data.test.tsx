import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { advance, inlineSource, MODES, makeHost, renderWidget, settle, widget } from "./helpers";

describe("weather", () => {
  it.each(MODES)("shows the current temperature, the sky and the days' lows and highs (%s)", async (mode) => {
    const w = widget("weather", { locationName: "Roma", days: 2 });
    const { container } = renderWidget(makeHost(mode), w);
    expect(screen.getByText("Loading…")).toBeTruthy();
    await settle();
    expect(container.querySelector(".mq-weather-temp")?.textContent).toBe("21°C");
    expect(screen.getByText("Partly cloudy")).toBeTruthy();
    expect(screen.getByText("Roma")).toBeTruthy();
    const days = container.querySelectorAll(".mq-weather-day");
    expect(days).toHaveLength(2);
    expect(days[0]?.textContent).toBe("Mon11° / 23°");
    expect(days[1]?.querySelector(".mq-weather-rain")).not.toBeNull();
  });

  it("labels the sky in the screen's language", async () => {
    renderWidget(makeHost("play", { locale: "ru" }), widget("weather", { days: 0 }));
    expect(await screen.findByText("Переменная облачность")).toBeTruthy();
  });

  it.each([
    ["en", "No data"],
    ["zh_CN", "暂无数据"],
    ["fr", "Aucune donnée"],
  ])("says no data, and why, without a single figure, when there is no answer (%s)", async (locale, text) => {
    const host = makeHost("play", { locale, weather: { data: null, reason: "provider unavailable" } });
    const { container } = renderWidget(host, widget("weather", { locationName: "Roma" }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText("Roma · provider unavailable")).toBeTruthy();
    expect(container.textContent).not.toMatch(/\d/);
  });

  it("treats a failed request as no data", async () => {
    const host = makeHost("preview");
    host.ctx.weather = () => Promise.reject(new Error("network down"));
    const { container } = renderWidget(host, widget("weather", { locationName: "" }));
    expect(await screen.findByText("No data")).toBeTruthy();
    expect(screen.getByText("network down")).toBeTruthy();
    expect(container.querySelector(".mq-weather-temp")).toBeNull();
  });

  it("asks again every 10 minutes on a screen, and only once in the editor", async () => {
    vi.useFakeTimers();
    const play = makeHost("play");
    renderWidget(play, widget("weather"));
    await advance(0);
    expect(play.calls.weather).toBe(1);
    await advance(10 * 60_000);
    expect(play.calls.weather).toBe(2);
    const edit = makeHost("edit");
    renderWidget(edit, widget("weather"));
    await advance(30 * 60_000);
    expect(edit.calls.weather).toBe(1);
  });
});

describe("exchange", () => {
  it.each(MODES)("shows a row for each currency (%s)", async (mode) => {
    const w = widget("exchange", { base: "EUR", symbols: ["USD", "CNY", "GBP"] });
    const { container } = renderWidget(makeHost(mode), w);
    await settle();
    const rows = [...container.querySelectorAll(".mq-rate")].map((r) => r.textContent);
    // A currency the answer lacks gets a dash, never a guess.
    expect(rows).toEqual(["USD1.0832", "CNY7.7654", "GBP—"]);
    expect(screen.getByText("1 EUR")).toBeTruthy();
  });

  it("formats rates in the screen's language", async () => {
    const { container } = renderWidget(
      makeHost("preview", { locale: "it" }),
      widget("exchange", { symbols: ["USD"] }),
    );
    await settle();
    expect(container.querySelector(".mq-rate")?.textContent).toBe("USD1,0832");
  });

  it("says no data, and why, without figures, when there is no answer", async () => {
    const host = makeHost("play", { locale: "it", rates: { data: null, reason: "quota exceeded" } });
    const { container } = renderWidget(host, widget("exchange"));
    expect(await screen.findByText("Nessun dato")).toBeTruthy();
    expect(screen.getByText("quota exceeded")).toBeTruthy();
    expect(container.textContent).not.toMatch(/\d/);
  });
});

describe("table", () => {
  const rows = [
    { name: "Anna", team: "Red", score: 12 },
    { name: "Bruno", team: "Blue", score: 15 },
    { name: "Carla", team: "Red", score: 9 },
  ];
  const columns = [
    { field: "name", title: "Player" },
    { field: "score", title: "Points" },
  ];

  it.each(MODES)("shows the column titles and the rows (%s)", async (mode) => {
    const w = widget("table", { dataSourceId: "d1", columns, maxRows: 10 });
    const { container } = renderWidget(makeHost(mode), w, { sources: [inlineSource("d1", rows)] });
    await settle();
    const header = [...container.querySelectorAll("th")].map((c) => c.textContent);
    expect(header).toEqual(["Player", "Points"]);
    const body = [...container.querySelectorAll("tbody tr")].map((r) => r.textContent);
    expect(body).toEqual(["Anna12", "Bruno15", "Carla9"]);
  });

  it("turns pages every pageSec on a screen, wrapping", async () => {
    vi.useFakeTimers();
    const w = widget("table", { dataSourceId: "d1", columns, maxRows: 2, pageSec: 5 });
    const { container } = renderWidget(makeHost("play"), w, { sources: [inlineSource("d1", rows)] });
    await advance(0);
    const page = () => [...container.querySelectorAll("tbody tr")].map((r) => r.firstChild?.textContent);
    expect(page()).toEqual(["Anna", "Bruno"]);
    await advance(5000);
    expect(page()).toEqual(["Carla"]);
    await advance(5000);
    expect(page()).toEqual(["Anna", "Bruno"]);
  });

  it("stays on the first page in the editor", async () => {
    vi.useFakeTimers();
    const w = widget("table", { dataSourceId: "d1", columns, maxRows: 2, pageSec: 5 });
    const { container } = renderWidget(makeHost("edit"), w, { sources: [inlineSource("d1", rows)] });
    await advance(20_000);
    expect(container.querySelectorAll("tbody tr")).toHaveLength(2);
  });

  it("fetches the rows again every refreshSec of the source on a screen", async () => {
    vi.useFakeTimers();
    const host = makeHost("preview");
    const source = { ...inlineSource("d1", rows), refreshSec: 30 };
    renderWidget(host, widget("table", { dataSourceId: "d1", columns }), { sources: [source] });
    await advance(0);
    expect(host.calls.rows).toBe(1);
    await advance(30_000);
    expect(host.calls.rows).toBe(2);
  });

  it("titles the columns by their fields when none are set", async () => {
    const w = widget("table", { dataSourceId: "d1", columns: [] });
    const { container } = renderWidget(makeHost("preview"), w, { sources: [inlineSource("d1", rows)] });
    await settle();
    expect([...container.querySelectorAll("th")].map((c) => c.textContent)).toEqual([
      "name",
      "team",
      "score",
    ]);
  });

  it("says no data, and why, when the source has no rows", async () => {
    const host = makeHost("play", { locale: "zh_CN", rows: () => ({ data: null, reason: "HTTP 502" }) });
    const { container } = renderWidget(host, widget("table", { dataSourceId: "d1", columns }), {
      sources: [inlineSource("d1", rows)],
    });
    expect(await screen.findByText("暂无数据")).toBeTruthy();
    expect(screen.getByText("HTTP 502")).toBeTruthy();
    expect(container.querySelector("table")).toBeNull();
  });

  it("asks for a data source in the editor", () => {
    renderWidget(makeHost("edit"), widget("table"));
    expect(screen.getByText("No data source chosen")).toBeTruthy();
  });
});
