import type { ProgramDoc } from "@marquee/program";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RenderProvider, SceneView } from "../src";
import { makeHost, program, renderIn, scene, widget } from "./helpers";

function withButtons(
  doc: ProgramDoc,
  enabled: { exit?: boolean; before?: boolean; after?: boolean },
): ProgramDoc {
  const b = doc.defaultButtons;
  return {
    ...doc,
    defaultButtons: {
      exit: { ...b.exit, enabled: enabled.exit ?? false },
      before: { ...b.before, enabled: enabled.before ?? false },
      after: { ...b.after, enabled: enabled.after ?? false },
    },
  };
}

describe("SceneView", () => {
  it("is the design size and places each widget with a transform, never left/top", () => {
    const w = widget(
      "text",
      { text: "Hello" },
      { id: "w1", x: 120, y: 45, w: 300, h: 80, rotation: 15, z: 7 },
    );
    const s = scene("s1", { widgets: [w] });
    const { container } = renderIn(makeHost("edit"), <SceneView program={program([s])} scene={s} />);
    const root = container.querySelector(".mq-scene") as HTMLElement;
    expect(root.style.width).toBe("1920px");
    expect(root.style.height).toBe("1080px");
    expect(root.style.overflow).toBe("hidden");
    const wrapper = container.querySelector('.mq-widget[data-widget-id="w1"]') as HTMLElement;
    expect(wrapper.style.position).toBe("absolute");
    expect(wrapper.style.left).toBe("0px");
    expect(wrapper.style.top).toBe("0px");
    expect(wrapper.style.width).toBe("300px");
    expect(wrapper.style.height).toBe("80px");
    expect(wrapper.style.transform).toBe("translate(120px, 45px) rotate(15deg)");
    expect(wrapper.style.zIndex).toBe("7");
    expect(wrapper.textContent).toBe("Hello");
  });

  it("leaves hidden widgets out in every mode", () => {
    for (const mode of ["edit", "preview", "play"] as const) {
      const s = scene("s1", {
        widgets: [
          widget("text", { text: "shown" }, { id: "a" }),
          widget("text", { text: "hidden" }, { id: "b", hidden: true }),
        ],
      });
      const { container, unmount } = renderIn(makeHost(mode), <SceneView program={program([s])} scene={s} />);
      expect(container.querySelector('[data-widget-id="a"]')).not.toBeNull();
      expect(container.querySelector('[data-widget-id="b"]')).toBeNull();
      expect(screen.queryByText("hidden")).toBeNull();
      unmount();
    }
  });

  it("paints widgets by z, ties in document order", () => {
    const s = scene("s1", {
      widgets: [
        widget("text", {}, { id: "top", z: 5 }),
        widget("text", {}, { id: "low", z: 0 }),
        widget("text", {}, { id: "mid1", z: 2 }),
        widget("text", {}, { id: "mid2", z: 2 }),
      ],
    });
    const { container } = renderIn(makeHost("edit"), <SceneView program={program([s])} scene={s} />);
    const order = [...container.querySelectorAll(".mq-widget")].map((e) => e.getAttribute("data-widget-id"));
    expect(order).toEqual(["low", "mid1", "mid2", "top"]);
  });

  it("draws the scene's background over the program's", () => {
    const s = {
      ...scene("s1"),
      background: { kind: "image" as const, materialId: 1, fit: "cover" as const, color: "#112233" },
    };
    const doc = program([s], { background: { kind: "color", color: "#445566" } });
    const { container } = renderIn(makeHost("preview"), <SceneView program={doc} scene={s} />);
    const layers = [...container.querySelectorAll<HTMLElement>(".mq-background")];
    expect(layers.map((l) => l.style.background)).toEqual(["rgb(68, 85, 102)", "rgb(17, 34, 51)"]);
    expect(layers[1]?.querySelector("img")?.getAttribute("src")).toBe("/files/poster.jpg");
  });

  it("plays a background video muted and looping, at rest in the editor", () => {
    const s = {
      ...scene("s1"),
      background: { kind: "video" as const, materialId: 10, fit: "cover" as const, color: "#000000" },
    };
    const play = renderIn(makeHost("play"), <SceneView program={program([s])} scene={s} />);
    const video = play.container.querySelector("video") as HTMLVideoElement;
    expect([video.autoplay, video.loop, video.muted]).toEqual([true, true, true]);
    play.unmount();
    const edit = renderIn(makeHost("edit"), <SceneView program={program([s])} scene={s} />);
    expect((edit.container.querySelector("video") as HTMLVideoElement).autoplay).toBe(false);
  });

  it("shows the enabled default buttons: before/after on main scenes, exit on popups", () => {
    const main = scene("m1");
    const popup = scene("p1", { kind: "popup" });
    const doc = withButtons(program([main, popup]), { exit: true, before: true, after: true });
    const kinds = (s: typeof main) => {
      const { container, unmount } = renderIn(makeHost("preview"), <SceneView program={doc} scene={s} />);
      const found = [...container.querySelectorAll(".mq-default-button")].map((e) =>
        e.getAttribute("data-default-button"),
      );
      unmount();
      return found;
    };
    expect(kinds(main)).toEqual(["before", "after"]);
    expect(kinds(popup)).toEqual(["exit"]);
    const onlyAfter = withButtons(doc, { after: true });
    const { container } = renderIn(makeHost("edit"), <SceneView program={onlyAfter} scene={main} />);
    const after = container.querySelector('[data-default-button="after"]') as HTMLElement;
    const frame = doc.defaultButtons.after.buttonData;
    expect(after.style.transform).toBe(`translate(${frame.x}px, ${frame.y}px)`);
    expect(after.style.width).toBe(`${frame.w}px`);
    expect(container.querySelector('[data-default-button="before"]')).toBeNull();
  });

  it("presses default buttons in preview, not in the editor", () => {
    const main = scene("m1");
    const doc = withButtons(program([main]), { after: true });
    const onButton = vi.fn();
    const edit = renderIn(makeHost("edit"), <SceneView program={doc} scene={main} onButton={onButton} />);
    fireEvent.click(edit.getByText("›"));
    expect(onButton).not.toHaveBeenCalled();
    edit.unmount();
    renderIn(makeHost("preview"), <SceneView program={doc} scene={main} onButton={onButton} />);
    fireEvent.click(screen.getByText("›"));
    expect(onButton).toHaveBeenCalledWith("after", null, doc.defaultButtons.after.widgetId);
  });

  it("tells once when every timed medium has ended", () => {
    const v1 = widget("video", { materialId: 10, loop: false }, { id: "v1" });
    const v2 = widget("audio", { materialId: 20, loop: false }, { id: "a1" });
    const hidden = widget("video", { materialId: 11 }, { id: "v3", hidden: true });
    const s = scene("s1", { widgets: [v1, v2, hidden, widget("text")] });
    const onMediaDone = vi.fn();
    const { container } = renderIn(
      makeHost("preview"),
      <SceneView program={program([s])} scene={s} onMediaDone={onMediaDone} />,
    );
    const video = container.querySelector('[data-widget-id="v1"] video') as HTMLVideoElement;
    const audio = container.querySelector('[data-widget-id="a1"] audio') as HTMLAudioElement;
    fireEvent(video, new Event("ended"));
    fireEvent(video, new Event("ended"));
    expect(onMediaDone).not.toHaveBeenCalled();
    fireEvent(audio, new Event("ended"));
    expect(onMediaDone).toHaveBeenCalledTimes(1);
    fireEvent(audio, new Event("ended"));
    expect(onMediaDone).toHaveBeenCalledTimes(1);
  });

  it("never tells media done for a scene without timed media", () => {
    const s = scene("s1", { widgets: [widget("video"), widget("image", { materialId: 1 })] });
    const onMediaDone = vi.fn();
    renderIn(makeHost("preview"), <SceneView program={program([s])} scene={s} onMediaDone={onMediaDone} />);
    expect(onMediaDone).not.toHaveBeenCalled();
  });

  it("re-renders only the widget that changed", () => {
    const renders = new Map<string, number>();
    const host = makeHost("edit");
    const base = host.ctx.media;
    // Count the work of each widget through the one host call an image makes per render.
    host.ctx.media = (id) => {
      renders.set(String(id), (renders.get(String(id)) ?? 0) + 1);
      return base(id);
    };
    const a = widget("image", { materialId: 1 }, { id: "a" });
    const b = widget("image", { materialId: 2 }, { id: "b" });
    let move: (() => void) | undefined;
    function Editor() {
      const [s, setS] = useState(scene("s1", { widgets: [a, b] }));
      move = () =>
        setS((cur) => ({
          ...cur,
          widgets: cur.widgets.map((w) => (w.id === "b" ? { ...w, x: w.x + 10 } : w)),
        }));
      return <SceneView program={program([s])} scene={s} />;
    }
    render(
      <RenderProvider value={host.ctx}>
        <Editor />
      </RenderProvider>,
    );
    const before = { a: renders.get("1"), b: renders.get("2") };
    act(() => move?.());
    expect(renders.get("1")).toBe(before.a);
    expect(renders.get("2")).toBeGreaterThan(before.b ?? 0);
  });
});
