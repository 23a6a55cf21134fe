import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fitScale, ScaledStage } from "../src";

describe("fitScale", () => {
  it("fits the design whole and centres it, letterboxed", () => {
    expect(fitScale({ width: 960, height: 1080 }, { width: 1920, height: 1080 })).toEqual({
      scale: 0.5,
      x: 0,
      y: 270,
    });
    const portrait = fitScale({ width: 1000, height: 500 }, { width: 1080, height: 1920 });
    expect(portrait.scale).toBeCloseTo(500 / 1920, 12);
    expect(portrait.x).toBeCloseTo((1000 - 1080 * (500 / 1920)) / 2, 9);
    expect(portrait.y).toBeCloseTo(0, 9);
    expect(fitScale({ width: 3840, height: 2160 }, { width: 1920, height: 1080 })).toEqual({
      scale: 2,
      x: 0,
      y: 0,
    });
  });

  it("is 0 when there is no room", () => {
    expect(fitScale({ width: 0, height: 500 }, { width: 1920, height: 1080 }).scale).toBe(0);
  });
});

describe("ScaledStage", () => {
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, "clientWidth");
    Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
  });

  function parentSize(width: number, height: number) {
    // jsdom has no layout: the stage reads its size from these.
    Object.defineProperties(HTMLElement.prototype, {
      clientWidth: { configurable: true, get: () => width },
      clientHeight: { configurable: true, get: () => height },
    });
  }

  it("scales design-size children to fit, centred, and tells the scale", () => {
    parentSize(960, 1080);
    const onScale = vi.fn();
    const { container } = render(
      <ScaledStage width={1920} height={1080} onScale={onScale}>
        <p>content</p>
      </ScaledStage>,
    );
    const stage = container.querySelector(".mq-stage") as HTMLElement;
    expect(stage.style.width).toBe("1920px");
    expect(stage.style.transform).toBe("translate(0px, 270px) scale(0.5)");
    expect(stage.textContent).toBe("content");
    expect(onScale).toHaveBeenLastCalledWith(0.5);
  });

  it("shows only a crop, scaled to fill as a whole design would be (a video wall's screen)", () => {
    parentSize(960, 540);
    const { container } = render(
      <ScaledStage width={3840} height={2160} crop={{ x: 1920, y: 1080, width: 1920, height: 1080 }}>
        <p>content</p>
      </ScaledStage>,
    );
    const stage = container.querySelector(".mq-stage") as HTMLElement;
    // The whole program stays at its size; the crop's corner is moved to the screen's corner.
    expect(stage.style.width).toBe("3840px");
    expect(stage.style.transform).toBe("translate(-960px, -540px) scale(0.5)");
  });

  it("follows window resizes where there is no ResizeObserver", () => {
    expect(typeof globalThis.ResizeObserver).toBe("undefined");
    parentSize(1920, 1080);
    const { container } = render(
      <ScaledStage width={1920} height={1080}>
        <p>content</p>
      </ScaledStage>,
    );
    const stage = container.querySelector(".mq-stage") as HTMLElement;
    expect(stage.style.transform).toBe("translate(0px, 0px) scale(1)");
    parentSize(480, 1080);
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(stage.style.transform).toBe("translate(0px, 405px) scale(0.25)");
  });
});
