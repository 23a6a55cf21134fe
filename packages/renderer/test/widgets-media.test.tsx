import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { advance, MODES, makeHost, renderWidget, settle, widget } from "./helpers";

const NOW = Date.UTC(2024, 0, 15, 13, 5, 9);

describe("image", () => {
  it.each(MODES)("shows the material fitted, with its opacity and corners (%s)", (mode) => {
    renderWidget(
      makeHost(mode),
      widget("image", { materialId: 1, fit: "cover", opacity: 0.5, borderRadius: 12 }),
    );
    const img = screen.getByAltText("poster.jpg") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/files/poster.jpg");
    expect(img.style.objectFit).toBe("cover");
    expect(img.style.opacity).toBe("0.5");
    expect(img.style.borderRadius).toBe("12px");
  });

  it.each(MODES)("shows a missing-media placeholder when the host lacks the material (%s)", (mode) => {
    const { container } = renderWidget(
      makeHost(mode, { locale: "ru" }),
      widget("image", { materialId: 999 }),
    );
    expect(screen.getByText("Материал отсутствует")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });

  it("reports a missing material on a screen", () => {
    const host = makeHost("play", { now: NOW });
    const w = widget("image", { materialId: 999 });
    renderWidget(host, w);
    expect(host.events).toEqual([
      { kind: "error", sceneId: "s1", widgetId: w.id, message: "missing media 999", at: NOW },
    ]);
  });

  it("asks for a material in the editor and shows nothing on a screen when none is chosen", () => {
    const edit = renderWidget(makeHost("edit"), widget("image"));
    expect(screen.getByText("No material chosen")).toBeTruthy();
    edit.unmount();
    const { container } = renderWidget(makeHost("play"), widget("image"));
    expect(container.textContent).toBe("");
  });

  it("shows an error when the image does not load, and reports it", () => {
    const host = makeHost("play");
    renderWidget(host, widget("image", { materialId: 1 }));
    fireEvent.error(screen.getByAltText("poster.jpg"));
    expect(screen.getByText("The media could not be played")).toBeTruthy();
    expect(host.events[0]).toMatchObject({ kind: "error" });
  });
});

describe("carousel", () => {
  it("shows the first image in the editor and does not move", async () => {
    vi.useFakeTimers();
    renderWidget(makeHost("edit"), widget("carousel", { materialIds: [1, 2, 3], intervalSec: 2 }));
    expect(screen.getByAltText("poster.jpg")).toBeTruthy();
    await advance(5000);
    expect(screen.getByAltText("poster.jpg")).toBeTruthy();
    expect(screen.queryByAltText("beach.jpg")).toBeNull();
  });

  it.each(["preview", "play"] as const)("cycles the images every interval, wrapping (%s)", async (mode) => {
    vi.useFakeTimers();
    const { container } = renderWidget(
      makeHost(mode),
      widget("carousel", { materialIds: [1, 2, 3], intervalSec: 2, effect: "slide" }),
    );
    expect(screen.getByAltText("poster.jpg")).toBeTruthy();
    await advance(2000);
    const beach = screen.getByAltText("beach.jpg");
    expect(beach.style.animation).toContain("mq-from-right");
    // The previous image slides out under it.
    expect(screen.getByAltText("poster.jpg").style.animation).toContain("mq-to-left");
    await advance(4000);
    expect(screen.getByAltText("poster.jpg").style.animation).toContain("mq-from-right");
    // The next image is loaded ahead, out of sight.
    const ahead = container.querySelector('img[aria-hidden="true"]');
    expect(ahead?.getAttribute("src")).toBe("/files/beach.jpg");
  });

  it("skips images the host lacks, and says so when none is left", () => {
    const some = renderWidget(makeHost("preview"), widget("carousel", { materialIds: [999, 2] }));
    expect(screen.getByAltText("beach.jpg")).toBeTruthy();
    some.unmount();
    renderWidget(makeHost("preview"), widget("carousel", { materialIds: [998, 999] }));
    expect(screen.getByText("Missing media")).toBeTruthy();
  });
});

describe("video", () => {
  it("rests paused and muted on its first frame in the editor", () => {
    const { container } = renderWidget(makeHost("edit"), widget("video", { materialId: 10, muted: false }));
    const video = container.querySelector("video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/files/promo.mp4#t=0.1");
    expect(video.autoplay).toBe(false);
    expect(video.paused).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.getAttribute("preload")).toBe("metadata");
  });

  it.each(["preview", "play"] as const)("plays with its loop, sound and volume (%s)", (mode) => {
    const w = widget("video", { materialId: 10, loop: true, muted: false, volume: 40, fit: "cover" });
    const { container } = renderWidget(makeHost(mode), w);
    const video = container.querySelector("video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/files/promo.mp4");
    expect(video.autoplay).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.muted).toBe(false);
    expect(video.volume).toBeCloseTo(0.4);
    expect(video.style.objectFit).toBe("cover");
  });

  it("tells once that it ended, and reports each pass on a screen", () => {
    const host = makeHost("play", { now: NOW });
    const onMediaEnded = vi.fn();
    const w = widget("video", { materialId: 10, loop: false });
    const { container } = renderWidget(host, w, { onMediaEnded });
    const video = container.querySelector("video") as HTMLVideoElement;
    fireEvent(video, new Event("ended"));
    fireEvent(video, new Event("playing"));
    fireEvent(video, new Event("ended"));
    expect(onMediaEnded).toHaveBeenCalledTimes(1);
    expect(onMediaEnded).toHaveBeenCalledWith(w.id);
    expect(host.events.map((e) => e.kind)).toEqual(["mediaStart", "mediaEnd", "mediaStart", "mediaEnd"]);
    expect(host.events[1]).toMatchObject({ widgetId: w.id, materialId: 10, ms: 0 });
  });

  it("ends a pass cut short by the scene's end, with the time it played", () => {
    let now = NOW;
    const host = makeHost("play");
    host.ctx.now = () => now;
    const w = widget("video", { materialId: 10 });
    const { unmount } = renderWidget(host, w);
    now += 1500;
    unmount();
    expect(host.events).toEqual([
      { kind: "mediaStart", sceneId: "s1", widgetId: w.id, materialId: 10, at: NOW },
      { kind: "mediaEnd", sceneId: "s1", widgetId: w.id, materialId: 10, at: NOW + 1500, ms: 1500 },
    ]);
  });

  it("tells that a looping video ended when it wraps around", () => {
    const onMediaEnded = vi.fn();
    const w = widget("video", { materialId: 10, loop: true });
    const { container } = renderWidget(makeHost("preview"), w, { onMediaEnded });
    const video = container.querySelector("video") as HTMLVideoElement;
    let time = 0;
    Object.defineProperty(video, "currentTime", { configurable: true, get: () => time });
    for (const t of [1, 2.5, 4.9, 0.1, 1]) {
      time = t;
      fireEvent(video, new Event("timeupdate"));
    }
    expect(onMediaEnded).toHaveBeenCalledTimes(1);
  });

  it("never tells it ended in the editor", () => {
    const onMediaEnded = vi.fn();
    const { container } = renderWidget(makeHost("edit"), widget("video", { materialId: 10 }), {
      onMediaEnded,
    });
    fireEvent(container.querySelector("video") as HTMLVideoElement, new Event("ended"));
    expect(onMediaEnded).not.toHaveBeenCalled();
  });

  it("shows an error when the video fails, reports it, and counts as ended", () => {
    const host = makeHost("play");
    const onMediaEnded = vi.fn();
    const { container } = renderWidget(host, widget("video", { materialId: 10 }), { onMediaEnded });
    fireEvent(container.querySelector("video") as HTMLVideoElement, new Event("error"));
    expect(screen.getByText("The media could not be played")).toBeTruthy();
    expect(onMediaEnded).toHaveBeenCalledTimes(1);
    expect(host.events.some((e) => e.kind === "error")).toBe(true);
  });

  it("counts a missing video as ended so the scene moves on, and shows it is missing", () => {
    const onMediaEnded = vi.fn();
    const w = widget("video", { materialId: 999 });
    renderWidget(makeHost("preview"), w, { onMediaEnded });
    expect(screen.getByText("Missing media")).toBeTruthy();
    expect(onMediaEnded).toHaveBeenCalledWith(w.id);
  });
});

describe("audio", () => {
  it("shows an icon and the material's name in the editor", () => {
    const { container } = renderWidget(makeHost("edit"), widget("audio", { materialId: 20 }));
    expect(screen.getByText("music.mp3")).toBeTruthy();
    expect(container.querySelector("svg")).not.toBeNull();
    expect(container.querySelector("audio")).toBeNull();
  });

  it.each(["preview", "play"] as const)("is heard, not seen (%s)", (mode) => {
    const onMediaEnded = vi.fn();
    const w = widget("audio", { materialId: 20, loop: false, volume: 30 });
    const { container } = renderWidget(makeHost(mode), w, { onMediaEnded });
    const audio = container.querySelector("audio") as HTMLAudioElement;
    expect(audio.getAttribute("src")).toBe("/files/music.mp3");
    expect(audio.autoplay).toBe(true);
    expect(audio.volume).toBeCloseTo(0.3);
    expect(container.textContent).toBe("");
    fireEvent(audio, new Event("ended"));
    expect(onMediaEnded).toHaveBeenCalledWith(w.id);
  });

  it("shows a missing-media placeholder", () => {
    renderWidget(makeHost("edit"), widget("audio", { materialId: 999 }));
    expect(screen.getByText("Missing media")).toBeTruthy();
  });
});

describe("web", () => {
  it("shows the typed address in an inert frame in the editor", () => {
    const { container } = renderWidget(
      makeHost("edit"),
      widget("web", { url: "https://example.com/board", zoom: 50 }),
    );
    const frame = container.querySelector("iframe") as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe("https://example.com/board");
    expect(frame.style.pointerEvents).toBe("none");
    expect(frame.style.transform).toBe("scale(0.5)");
    expect(frame.style.width).toBe("200%");
  });

  it.each(["preview", "play"] as const)(
    "prefers the web material and reloads every refreshSec (%s)",
    async (mode) => {
      vi.useFakeTimers();
      const w = widget("web", { materialId: 30, url: "https://other.example.com/", refreshSec: 30 });
      const { container } = renderWidget(makeHost(mode), w);
      const first = container.querySelector("iframe") as HTMLIFrameElement;
      expect(first.getAttribute("src")).toBe("https://news.example.com/");
      expect(first.style.pointerEvents).toBe("auto");
      await advance(29_000);
      expect(container.querySelector("iframe")).toBe(first);
      await advance(1000);
      const second = container.querySelector("iframe");
      expect(second).not.toBe(first);
      expect(second?.getAttribute("src")).toBe("https://news.example.com/");
    },
  );

  it("asks for an address in the editor when there is none", () => {
    renderWidget(makeHost("edit", { locale: "zh_TW" }), widget("web"));
    expect(screen.getByText("未設定網址")).toBeTruthy();
  });
});

describe("stream", () => {
  it("shows what and where in the editor, without connecting", () => {
    const { container } = renderWidget(makeHost("edit"), widget("stream", { materialId: 40 }));
    expect(screen.getByText("Live stream")).toBeTruthy();
    expect(screen.getByText("https://live.example.com/a.m3u8")).toBeTruthy();
    expect(container.querySelector("video")).toBeNull();
  });

  it.each(["preview", "play"] as const)(
    "plays into a video, and says so where HLS cannot play (%s)",
    async (mode) => {
      const host = makeHost(mode);
      const { container } = renderWidget(
        host,
        widget("stream", { url: "https://live.example.com/b.m3u8", muted: true }),
      );
      const video = container.querySelector("video") as HTMLVideoElement;
      expect(video).not.toBeNull();
      expect(video.muted).toBe(true);
      // jsdom has neither native HLS nor Media Source Extensions.
      expect(await screen.findByText("This browser cannot play the stream")).toBeTruthy();
      if (mode === "play") expect(host.events.some((e) => e.kind === "error")).toBe(true);
    },
  );

  it("shows a missing-media placeholder", () => {
    renderWidget(makeHost("preview"), widget("stream", { materialId: 999 }));
    expect(screen.getByText("Missing media")).toBeTruthy();
  });
});

describe("document", () => {
  it.each(MODES)(
    "loads, and shows an error state instead of crashing when it cannot render (%s)",
    async (mode) => {
      const host = makeHost(mode);
      renderWidget(host, widget("document", { materialId: 50 }));
      expect(screen.getByText("Loading…")).toBeTruthy();
      // jsdom cannot fetch the file nor run pdf.js's worker: the widget must end in its error state.
      expect(
        await screen.findByText("The document could not be shown", undefined, { timeout: 5000 }),
      ).toBeTruthy();
      if (mode === "play") expect(host.events.some((e) => e.kind === "error")).toBe(true);
    },
  );

  it("shows a missing-media placeholder", async () => {
    renderWidget(makeHost("edit"), widget("document", { materialId: 999 }));
    await settle();
    expect(screen.getByText("Missing media")).toBeTruthy();
  });
});
