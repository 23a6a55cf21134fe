import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { inlineSource, MODES, makeHost, renderWidget, settle, widget } from "./helpers";

const NOW = Date.UTC(2024, 0, 15, 13, 5, 9); // Monday 15 January 2024, 13:05:09 UTC

describe("text", () => {
  it.each(MODES)("shows its plain text with its style (%s)", (mode) => {
    renderWidget(
      makeHost(mode),
      widget("text", { text: "Welcome", bold: true, color: "#ff0000", fontSize: 72 }),
    );
    const el = screen.getByText("Welcome");
    expect(el.style.fontWeight).toBe("700");
    expect(el.style.fontSize).toBe("72px");
    expect(el.style.color).toBe("rgb(255, 0, 0)");
  });

  it("keeps only the allowed tags and styles of rich text", () => {
    const html =
      '<p><b>Bold</b> <em>em</em><script>alert(1)</script><img src="x" onerror="alert(2)">' +
      '<span style="color: red; background: url(http://evil/x); font-size: 20px" onclick="alert(3)">red</span>' +
      '<a href="javascript:alert(4)">link</a><span style="color: expression(alert(5))">x</span></p>';
    const { container } = renderWidget(makeHost("preview"), widget("text", { html }));
    const rich = container.querySelector(".mq-rich-text") as HTMLElement;
    expect(rich.querySelector("b")?.textContent).toBe("Bold");
    expect(rich.querySelector("em")).not.toBeNull();
    expect(rich.querySelector("script, img, a")).toBeNull();
    expect(rich.textContent).toContain("link");
    const spans = rich.querySelectorAll("span");
    expect(spans[0]?.getAttribute("style")).toBe("color: red; font-size: 20px");
    expect(spans[0]?.getAttribute("onclick")).toBeNull();
    expect(spans[1]?.hasAttribute("style")).toBe(false);
    expect(rich.innerHTML).not.toMatch(/alert|url\(|expression/);
  });

  it.each(MODES)("shows the bound field of a data source row (%s)", async (mode) => {
    const source = inlineSource("d1", [
      { name: "Anna", score: 12 },
      { name: "Bruno", score: 15 },
    ]);
    const w = widget("text", { text: "fallback", binding: { dataSourceId: "d1", field: "name", row: 1 } });
    renderWidget(makeHost(mode), w, { sources: [source] });
    expect(await screen.findByText("Bruno")).toBeTruthy();
  });

  it("says no data, in the screen's language, when the source has no rows", async () => {
    const host = makeHost("play", { locale: "it", rows: () => ({ data: null, reason: "timeout" }) });
    const w = widget("text", { binding: { dataSourceId: "d1", field: "name", row: 0 } });
    renderWidget(host, w, { sources: [inlineSource("d1", [])] });
    expect(await screen.findByText("Nessun dato")).toBeTruthy();
    expect(screen.getByText("timeout")).toBeTruthy();
  });

  it("says when the bound data source no longer exists", () => {
    const w = widget("text", { binding: { dataSourceId: "gone", field: "name", row: 0 } });
    renderWidget(makeHost("edit", { locale: "fr" }), w);
    expect(screen.getByText("La source de données n'existe plus")).toBeTruthy();
  });
});

describe("marquee", () => {
  it.each(MODES)("shows its text (%s)", (mode) => {
    renderWidget(makeHost(mode), widget("marquee", { text: "Breaking news" }));
    expect(screen.getByText("Breaking news")).toBeTruthy();
  });

  it("moves in preview and play, at its speed, and rests in the editor", () => {
    // jsdom has no layout and no Web Animations: give the box and the text sizes, and record the motion asked for.
    const calls: Array<{ keyframes: Keyframe[]; duration: number }> = [];
    const cancel = vi.fn();
    const stubs = {
      clientWidth: { configurable: true, get: () => 400 },
      offsetWidth: { configurable: true, get: () => 200 },
      animate: {
        configurable: true,
        value(keyframes: Keyframe[], options: KeyframeAnimationOptions) {
          calls.push({ keyframes, duration: Number(options.duration) });
          return { cancel, currentTime: 0, effect: null } as unknown as Animation;
        },
      },
    };
    Object.defineProperties(HTMLElement.prototype, stubs);
    try {
      const w = widget("marquee", { text: "Moving", direction: "left", speed: 100 });
      const edit = renderWidget(makeHost("edit"), w);
      expect(calls).toHaveLength(0);
      edit.unmount();
      const preview = renderWidget(makeHost("preview"), w);
      expect(calls).toHaveLength(1);
      // It enters at the right edge (400) and leaves when its 200 px have passed the left one: 600 px at 100 px/s.
      expect(calls[0]?.keyframes.map((k) => k.transform)).toEqual([
        "translateX(400px)",
        "translateX(-200px)",
      ]);
      expect(calls[0]?.duration).toBe(6000);
      preview.unmount();
      expect(cancel).toHaveBeenCalled();
    } finally {
      for (const name of Object.keys(stubs)) Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  });
});

describe("clock", () => {
  it.each(MODES)("shows the pinned time in its time zone (%s)", (mode) => {
    const w = widget("clock", { timezone: "Europe/Rome", hour12: false, showSeconds: true, showDate: false });
    const { container } = renderWidget(makeHost(mode, { now: NOW }), w);
    expect(container.querySelector(".mq-clock-time")?.textContent).toBe("14:05:09");
  });

  it("shows the date and a 12-hour time when asked", () => {
    const w = widget("clock", {
      timezone: "America/New_York",
      hour12: true,
      showSeconds: false,
      showDate: true,
    });
    const { container } = renderWidget(makeHost("preview", { now: NOW }), w);
    expect(container.querySelector(".mq-clock-time")?.textContent).toMatch(/^08:05\sAM$/);
    expect(container.textContent).toContain("Jan 15, 2024");
  });

  it("draws an analog face with its hands at the pinned time", () => {
    const w = widget("clock", { style: "analog", timezone: "Asia/Tokyo", showSeconds: true });
    const { container } = renderWidget(makeHost("edit", { now: NOW }), w);
    const svg = container.querySelector("svg[role=img]");
    expect(svg?.getAttribute("aria-label")).toBe("22:05:09");
    expect(container.querySelector(".mq-clock-hour")?.getAttribute("transform")).toBe(
      "rotate(302.5 100 100)",
    );
    expect(container.querySelector(".mq-clock-second")?.getAttribute("transform")).toBe("rotate(54 100 100)");
  });

  it("ticks every second in every mode", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const w = widget("clock", { timezone: "UTC", hour12: false, showSeconds: true });
    const { container } = renderWidget(makeHost("edit"), w);
    expect(container.querySelector(".mq-clock-time")?.textContent).toBe("13:05:09");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(container.querySelector(".mq-clock-time")?.textContent).toBe("13:05:11");
  });

  it("names an unknown time zone instead of showing a wrong time", () => {
    renderWidget(makeHost("play", { now: NOW }), widget("clock", { timezone: "Mars/Olympus" }));
    expect(screen.getByText("Unknown time zone: Mars/Olympus")).toBeTruthy();
  });
});

describe("date", () => {
  it.each(MODES)("shows today in its zone and the screen's language (%s)", (mode) => {
    const w = widget("date", { timezone: "Asia/Shanghai", dateStyle: "long", showWeekday: true });
    const { container } = renderWidget(makeHost(mode, { locale: "fr", now: NOW }), w);
    expect(container.textContent).toBe("lundi 15 janvier 2024");
  });

  it("maps the Chinese locales to their BCP 47 tags", () => {
    const w = widget("date", { timezone: "UTC", dateStyle: "long", showWeekday: false });
    const { container } = renderWidget(makeHost("preview", { locale: "zh_CN", now: NOW }), w);
    expect(container.textContent).toBe("2024年1月15日");
  });
});

describe("countdown", () => {
  const target = new Date(NOW + ((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000).toISOString();

  it.each(MODES)("shows the days, hours, minutes and seconds left (%s)", (mode) => {
    const w = widget("countdown", { target, units: "dhms", prefix: "Opening in" });
    const { container } = renderWidget(makeHost(mode, { now: NOW }), w);
    expect(container.textContent).toBe("Opening in 1d 02h 03m 04s");
  });

  it("shows hours only, or whole days, in the screen's language", () => {
    const hms = renderWidget(
      makeHost("preview", { now: NOW, locale: "zh_CN" }),
      widget("countdown", { target, units: "hms" }),
    );
    expect(hms.container.textContent).toBe("26时 03分 04秒");
    hms.unmount();
    const days = renderWidget(
      makeHost("preview", { now: NOW }),
      widget("countdown", { target, units: "days" }),
    );
    expect(days.container.textContent).toBe("2d");
  });

  it("shows the end text once the target is reached", () => {
    const w = widget("countdown", { target: new Date(NOW - 1000).toISOString(), endText: "We are open!" });
    renderWidget(makeHost("play", { now: NOW }), w);
    expect(screen.getByText("We are open!")).toBeTruthy();
  });
});

describe("qrcode", () => {
  it.each(MODES)("draws the code as an inline SVG (%s)", async (mode) => {
    const w = widget(
      "qrcode",
      { text: "https://example.com/menu", foreground: "#112233" },
      { w: 300, h: 200 },
    );
    const { container } = renderWidget(makeHost(mode), w);
    await settle();
    const svg = container.querySelector(".mq-qrcode svg");
    expect(svg).not.toBeNull();
    expect(svg?.getAttribute("width")).toBe("200");
    expect(container.querySelector(".mq-qrcode")?.innerHTML).toContain("#112233");
  });

  it("says so when the text does not fit in a code", async () => {
    const w = widget("qrcode", { text: "x".repeat(2000), errorLevel: "H" });
    renderWidget(makeHost("preview"), w);
    expect(await screen.findByText("The text is too long for a QR code")).toBeTruthy();
  });
});

describe("button", () => {
  it("navigates on a press in preview", () => {
    const onButton = vi.fn();
    const w = widget("button", { label: "Menu", action: "popup", targetSceneId: "p1" });
    renderWidget(makeHost("preview"), w, { onButton });
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    expect(onButton).toHaveBeenCalledWith("popup", "p1", w.id);
  });

  it("is inert in the editor", () => {
    const onButton = vi.fn();
    const w = widget("button", { label: "Menu", background: "#123456", borderRadius: 9 });
    renderWidget(makeHost("edit"), w, { onButton });
    const button = screen.getByText("Menu");
    fireEvent.click(button);
    expect(onButton).not.toHaveBeenCalled();
    expect(button.style.pointerEvents).toBe("none");
    expect(button.style.borderRadius).toBe("9px");
  });

  it("reports a click on a screen", () => {
    const host = makeHost("play", { now: NOW });
    const onButton = vi.fn();
    const w = widget("button", { label: "Next", action: "after" });
    renderWidget(host, w, { onButton });
    fireEvent.click(screen.getByText("Next"));
    expect(onButton).toHaveBeenCalledWith("after", null, w.id);
    expect(host.events).toEqual([{ kind: "click", sceneId: "s1", widgetId: w.id, at: NOW }]);
  });
});

describe("a broken widget", () => {
  it("shows an error in its own box and reports it on a screen", () => {
    const host = makeHost("play", { now: NOW });
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { ...widget("text"), props: null } as unknown as ReturnType<typeof widget<"text">>;
    renderWidget(host, broken);
    spy.mockRestore();
    expect(screen.getByText("This widget could not be shown")).toBeTruthy();
    expect(host.events).toHaveLength(1);
    expect(host.events[0]).toMatchObject({ kind: "error", widgetId: broken.id, sceneId: "s1" });
  });
});
