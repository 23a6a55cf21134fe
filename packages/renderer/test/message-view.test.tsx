import { DEFAULT_MESSAGE, type MessageDoc } from "@marquee/schedule";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageView } from "../src";
import { colorWithOpacity, fontStack, messageScale, scrollDurationMs } from "../src/MessageView";
import { advance } from "./helpers";

const doc = (patch: Partial<MessageDoc> = {}): MessageDoc => ({
  ...DEFAULT_MESSAGE,
  text: "Store closes at 9",
  ...patch,
});

/** jsdom has no layout: every element reports this width (the measured text). */
function textWidth(px: number) {
  Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => px });
}

afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, "offsetWidth");
});

const root = () => screen.getByTestId("mq-message");
const track = () => screen.getByTestId("mq-message-track");

describe("message helpers", () => {
  it("scales by the screen height against 1080", () => {
    expect(messageScale(1080)).toBe(1);
    expect(messageScale(540)).toBe(0.5);
    expect(messageScale(2160)).toBe(2);
    expect(messageScale(0)).toBe(0);
  });

  it("times a pass over the box and the text at the speed", () => {
    expect(scrollDurationMs(1920, 480, 120)).toBe(20_000);
    expect(scrollDurationMs(960, 240, 60)).toBe(20_000);
    expect(scrollDurationMs(1920, 480, 0)).toBe(0);
  });

  it("applies the background opacity to the colour", () => {
    expect(colorWithOpacity("#000000", 60)).toBe("rgba(0, 0, 0, 0.6)");
    expect(colorWithOpacity("#f00", 100)).toBe("rgba(255, 0, 0, 1)");
    expect(colorWithOpacity("#ffffff80", 50)).toBe("rgba(255, 255, 255, 0.251)");
    expect(colorWithOpacity("transparent", 100)).toBe("transparent");
  });

  it("quotes typed font names and falls back to sans-serif", () => {
    expect(fontStack("")).toBe("sans-serif");
    expect(fontStack("Noto Sans SC, Arial")).toBe('"Noto Sans SC", "Arial", sans-serif');
    expect(fontStack("'Source Han Sans 2', serif")).toBe('"Source Han Sans 2", serif, sans-serif');
  });
});

describe("MessageView", () => {
  it("renders the text with the font scaled to the screen height", () => {
    render(
      <MessageView doc={doc({ fontSize: 60, bold: true, color: "#ffcc00" })} width={960} height={540} />,
    );
    const text = screen.getByText("Store closes at 9");
    expect(text.style.fontSize).toBe("30px");
    expect(text.style.fontWeight).toBe("700");
    expect(text.style.color).toBe("rgb(255, 204, 0)");
    expect(root().dataset.kind).toBe("scroll");
    expect(root().dataset.priority).toBe("normal");
    expect(root().style.width).toBe("960px");
  });

  it("puts a scrolling band at the top or the bottom, on the doc's background", () => {
    const { rerender } = render(
      <MessageView doc={doc({ position: "top", opacity: 50 })} width={1920} height={1080} />,
    );
    const band = screen.getByTestId("mq-message-band");
    expect(band.style.top).toBe("0px");
    expect(band.style.background).toBe("rgba(0, 0, 0, 0.5)");
    rerender(<MessageView doc={doc({ position: "bottom" })} width={1920} height={1080} />);
    expect(screen.getByTestId("mq-message-band").style.bottom).toBe("0px");
    expect(screen.queryByTestId("mq-message-backdrop")).toBeNull();
  });

  it("dims the whole screen behind a full-position line", () => {
    render(<MessageView doc={doc({ position: "full", opacity: 80 })} width={1920} height={1080} />);
    expect(screen.getByTestId("mq-message-backdrop").style.background).toBe("rgba(0, 0, 0, 0.8)");
    expect(screen.getByTestId("mq-message-band").style.top).toBe("50%");
  });

  it("scrolls right to left for (box + text) / speed, scaled, and ends after `repeat` passes", async () => {
    vi.useFakeTimers();
    textWidth(240);
    const onEnded = vi.fn();
    // Half-height screen: speed 120 becomes 60 px/s; (960 + 240) / 60 = 20 s a pass.
    render(<MessageView doc={doc({ speed: 120, repeat: 2 })} width={960} height={540} onEnded={onEnded} />);
    expect(track().dataset.duration).toBe("20000");
    expect(track().style.animation).toContain("mq-msg-scroll 20000ms linear");
    expect(track().style.animation).toContain(" 2 ");
    expect(track().style.paddingLeft).toBe("960px");
    await act(async () => {
      vi.advanceTimersByTime(39_999);
    });
    expect(onEnded).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(root().dataset.ended).toBe("true");
    await act(async () => {
      vi.advanceTimersByTime(100_000);
    });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it("scrolls until its end time when repeat is 0", async () => {
    vi.useFakeTimers();
    textWidth(480);
    const onEnded = vi.fn();
    render(<MessageView doc={doc({ repeat: 0 })} width={1920} height={1080} onEnded={onEnded} />);
    expect(track().style.animation).toContain("infinite");
    await act(async () => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(onEnded).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows a notice noticeSec × repeat, each showing anew, then ends", async () => {
    vi.useFakeTimers();
    const onEnded = vi.fn();
    render(
      <MessageView
        doc={doc({ kind: "notice", noticeSec: 5, repeat: 3, position: "full" })}
        width={1920}
        height={1080}
        onEnded={onEnded}
      />,
    );
    expect(root().dataset.kind).toBe("notice");
    expect(screen.getByTestId("mq-message-text").dataset.showing).toBe("1");
    await advance(5_000);
    expect(screen.getByTestId("mq-message-text").dataset.showing).toBe("2");
    await advance(9_999);
    expect(screen.getByTestId("mq-message-text").dataset.showing).toBe("3");
    expect(onEnded).not.toHaveBeenCalled();
    await advance(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(root().dataset.ended).toBe("true");
  });

  it("leaves no timer behind when it is removed", () => {
    vi.useFakeTimers();
    textWidth(100);
    const onEnded = vi.fn();
    const { unmount } = render(
      <>
        <MessageView doc={doc({ repeat: 1 })} width={1920} height={1080} onEnded={onEnded} />
        <MessageView doc={doc({ kind: "notice", repeat: 2 })} width={1920} height={1080} onEnded={onEnded} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(2);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000_000);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it("draws an emergency message framed in red with a warning mark", () => {
    const { rerender } = render(
      <MessageView doc={doc({ priority: "emergency", position: "bottom" })} width={1920} height={1080} />,
    );
    expect(root().dataset.priority).toBe("emergency");
    expect(screen.getByTestId("mq-message-band").style.borderTop).toBe("8px solid rgb(211, 47, 47)");
    expect(screen.getByTestId("mq-message-badge")).toBeTruthy();
    rerender(
      <MessageView
        doc={doc({ kind: "notice", priority: "emergency", position: "full" })}
        width={1920}
        height={1080}
      />,
    );
    expect(screen.getByTestId("mq-message-emergency").style.boxShadow).toMatch(/#d32f2f|rgb\(211, 47, 47\)/);
    rerender(<MessageView doc={doc({ kind: "notice", position: "full" })} width={1920} height={1080} />);
    expect(screen.queryByTestId("mq-message-emergency")).toBeNull();
    expect(screen.queryByTestId("mq-message-badge")).toBeNull();
  });

  it("draws an emergency message over the program as typed: a band, the rest of the screen left clear", () => {
    render(
      <MessageView
        doc={doc({ priority: "emergency", position: "bottom", emergencyDisplay: "over" })}
        width={1920}
        height={1080}
      />,
    );
    expect(root().dataset.display).toBe("over");
    expect(root().dataset.position).toBe("bottom");
    expect(root().style.background).toBe("");
    expect(screen.queryByTestId("mq-message-backdrop")).toBeNull();
    expect(screen.getByTestId("mq-message-band").style.bottom).toBe("0px");
  });

  it("fills the whole screen with an emergency message shown alone, in its own background at full opacity", () => {
    const { rerender } = render(
      <MessageView
        doc={doc({
          kind: "notice",
          priority: "emergency",
          position: "bottom",
          opacity: 30,
          emergencyDisplay: "alone",
        })}
        width={1920}
        height={1080}
      />,
    );
    expect(root().dataset.display).toBe("alone");
    expect(root().dataset.position).toBe("full");
    expect(root().style.background).toBe("rgb(0, 0, 0)");
    expect(screen.getByTestId("mq-message-backdrop").style.background).toBe("rgb(0, 0, 0)");
    expect(screen.getByTestId("mq-message-band").style.inset).toBe("0px");
    expect(screen.getByTestId("mq-message-emergency")).toBeTruthy();
    // A scrolling line alone crosses the middle of its filled screen, not a band on black.
    rerender(
      <MessageView
        doc={doc({
          priority: "emergency",
          position: "top",
          background: "#204080",
          emergencyDisplay: "alone",
        })}
        width={1920}
        height={1080}
      />,
    );
    expect(screen.getByTestId("mq-message-backdrop").style.background).toBe("rgb(32, 64, 128)");
    expect(screen.getByTestId("mq-message-band").style.top).toBe("50%");
  });

  it("ignores the emergency display of a normal message", () => {
    render(
      <MessageView doc={doc({ position: "top", emergencyDisplay: "alone" })} width={1920} height={1080} />,
    );
    expect(root().dataset.display).toBeUndefined();
    expect(root().dataset.position).toBe("top");
  });
});
