// @vitest-environment jsdom
import { createWidget, type WidgetOf } from "@marquee/program";
import { fireEvent, render, screen } from "@testing-library/react";
import { App as AntApp } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import "./system-helpers";

const committed: Array<{ id: string; props: Record<string, unknown> }> = [];
vi.mock("../src/editor/panels/bind", async (orig) => ({
  ...(await orig<typeof import("../src/editor/panels/bind")>()),
  commitProps: (id: string, props: Record<string, unknown>) => {
    committed.push({ id, props });
    return true;
  },
}));

const { OverflowNotice } = await import("../src/editor/panels/props/TextProps");
const { fitFontSize, largestFitting, measureTexts, textOverflows, useTextOverflow } = await import(
  "../src/editor/textFit"
);

/**
 * A rendered text widget as the renderer draws it (box marked data-text-box, text inside), laid out
 * like the default box: 108 px high, 576 wide; a line of the text is 1.2 × its size high and the
 * text takes two lines above 40 px (which fit up to 45 px: 2 × 45 × 1.2 = 108).
 */
function rendered(id: string, height = 108) {
  const design = document.createElement("div");
  design.className = "mq-ed-design";
  design.innerHTML = `<div class="mq-widget" data-widget-id="${id}"><div data-text-box=""><div style="font-size:48px">Two lines of text</div></div></div>`;
  document.body.append(design);
  const widget = design.firstElementChild as HTMLElement;
  const box = widget.firstElementChild as HTMLElement;
  const text = box.firstElementChild as HTMLElement;
  Object.defineProperty(box, "clientHeight", { get: () => height });
  Object.defineProperty(box, "clientWidth", { get: () => 576 });
  Object.defineProperty(text, "scrollWidth", { get: () => 576 });
  Object.defineProperty(text, "scrollHeight", {
    get: () => {
      const size = Number.parseFloat(text.style.fontSize);
      return Math.ceil((size > 40 ? 2 : 1) * size * 1.2);
    },
  });
  return { widget, text };
}

afterEach(() => {
  document.body.innerHTML = "";
  committed.length = 0;
  useTextOverflow.getState().set([]);
});

describe("text that overflows its box", () => {
  it("is measured on the rendered text: the default 48 px box clips a second line", () => {
    const { widget, text } = rendered("w1");
    expect(textOverflows(widget)).toBe(true);
    text.style.fontSize = "40px";
    expect(textOverflows(widget)).toBe(false);
  });

  it("fits: the largest size at which the text fits, the rendered text left as it was", () => {
    const { widget, text } = rendered("w1");
    expect(fitFontSize(widget, 48)).toBe(45);
    expect(text.style.fontSize).toBe("48px");
    // A box too small for any size.
    expect(fitFontSize(rendered("w2", 4).widget, 48)).toBeNull();
    expect(largestFitting(6, 100, (n) => n <= 57)).toBe(57);
    expect(largestFitting(6, 100, () => false)).toBeNull();
  });

  it("is flagged in the editor's text panel, which offers to fit it", () => {
    rendered("w1");
    const widget = { ...createWidget("text", { width: 1920, height: 1080 }), id: "w1" } as WidgetOf<"text">;
    widget.props = { ...widget.props, fontSize: 48 };
    const view = render(
      <AntApp>
        <OverflowNotice widget={widget} />
      </AntApp>,
    );
    expect(screen.queryByTestId("text-overflow")).toBeNull();
    measureTexts(["w1"]);
    view.rerender(
      <AntApp>
        <OverflowNotice widget={widget} />
      </AntApp>,
    );
    expect(screen.getByTestId("text-overflow").textContent).toContain("does not fit its box");
    fireEvent.click(screen.getByTestId("text-fit"));
    expect(committed).toEqual([{ id: "w1", props: { fontSize: 45 } }]);
  });
});
