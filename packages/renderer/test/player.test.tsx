import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type PreviewState, ProgramPlayer, RenderProvider } from "../src";
import { advance, makeHost, program, renderIn, scene, widget } from "./helpers";

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

const label = (text: string) => widget("text", { text });
const shownScenes = (container: HTMLElement) =>
  [...container.querySelectorAll(".mq-scene")].map((e) => e.getAttribute("data-scene-id"));

describe("ProgramPlayer", () => {
  it("plays the main scenes in turn for their seconds, wrapping, and tells when it played through", async () => {
    const doc = program([
      scene("a", { seconds: 5, widgets: [label("A")] }),
      scene("pop", { kind: "popup", widgets: [label("P")] }),
      scene("b", { seconds: 3, widgets: [label("B")] }),
    ]);
    const states: PreviewState[] = [];
    const onEnded = vi.fn();
    const { container } = renderIn(
      makeHost("preview"),
      <ProgramPlayer program={doc} scale={0.5} onState={(s) => states.push(s)} onEnded={onEnded} />,
    );
    expect(shownScenes(container)).toEqual(["a"]);
    expect(states.at(-1)).toEqual({ sceneStack: [], activeMainSceneId: "a", scale: 0.5, slideIndex: 0 });
    await advance(4999);
    expect(shownScenes(container)).toEqual(["a"]);
    await advance(1);
    expect(shownScenes(container)).toEqual(["b"]);
    expect(states.at(-1)).toMatchObject({ activeMainSceneId: "b", slideIndex: 1 });
    expect(onEnded).not.toHaveBeenCalled();
    await advance(3000);
    expect(shownScenes(container)).toEqual(["a"]);
    expect(onEnded).toHaveBeenCalledTimes(1);
    await advance(8000);
    expect(onEnded).toHaveBeenCalledTimes(2);
  });

  it("with hostClock, ends no scene by itself: the host moves it on (a video wall's screen)", async () => {
    const doc = program([scene("a", { seconds: 1, widgets: [label("A")] }), scene("b", { seconds: 1 })]);
    const host = makeHost("play");
    const { container, rerender } = renderIn(
      host,
      <ProgramPlayer program={doc} startSceneId="a" hostClock />,
    );
    await advance(5000);
    expect(shownScenes(container)).toEqual(["a"]);
    rerender(
      <RenderProvider value={host.ctx}>
        <ProgramPlayer program={doc} startSceneId="b" hostClock />
      </RenderProvider>,
    );
    await advance(0);
    expect(shownScenes(container)).toEqual(["b"]);
  });

  it("starts at the scene asked for", () => {
    const doc = program([scene("a"), scene("b"), scene("c")]);
    const states: PreviewState[] = [];
    const { container } = renderIn(
      makeHost("preview"),
      <ProgramPlayer program={doc} startSceneId="c" onState={(s) => states.push(s)} />,
    );
    expect(shownScenes(container)).toEqual(["c"]);
    expect(states.at(-1)).toMatchObject({ slideIndex: 2, activeMainSceneId: "c" });
  });

  it("opens a popup from a button, pauses the main scene meanwhile, and closes it with exit", async () => {
    const doc = program([
      scene("a", {
        seconds: 10,
        widgets: [widget("button", { label: "Open", action: "popup", targetSceneId: "pop" })],
      }),
      scene("b"),
      scene("pop", {
        kind: "popup",
        seconds: 20,
        widgets: [widget("button", { label: "Close", action: "exit" })],
      }),
    ]);
    const states: PreviewState[] = [];
    const { container } = renderIn(
      makeHost("preview"),
      <ProgramPlayer program={doc} onState={(s) => states.push(s)} />,
    );
    await advance(4000);
    fireEvent.click(screen.getByText("Open"));
    expect(shownScenes(container)).toEqual(["a", "pop"]);
    expect(states.at(-1)).toMatchObject({ sceneStack: ["pop"], activeMainSceneId: "a" });
    // The main scene's 6 seconds left do not run while the popup is open.
    await advance(15_000);
    expect(shownScenes(container)).toEqual(["a", "pop"]);
    fireEvent.click(screen.getByText("Close"));
    expect(shownScenes(container)).toEqual(["a"]);
    expect(states.at(-1)).toMatchObject({ sceneStack: [] });
    await advance(5999);
    expect(shownScenes(container)).toEqual(["a"]);
    await advance(1);
    expect(shownScenes(container)).toEqual(["b"]);
  });

  it("closes a popup after its own seconds", async () => {
    const doc = program([
      scene("a", {
        seconds: 60,
        widgets: [widget("button", { label: "Open", action: "popup", targetSceneId: "pop" })],
      }),
      scene("pop", { kind: "popup", seconds: 4 }),
    ]);
    const { container } = renderIn(makeHost("preview"), <ProgramPlayer program={doc} />);
    fireEvent.click(screen.getByText("Open"));
    await advance(4000);
    expect(shownScenes(container)).toEqual(["a"]);
  });

  it("jumps, and goes before and after with the default buttons", async () => {
    const base = program([
      scene("a", { widgets: [widget("button", { label: "To C", action: "jump", targetSceneId: "c" })] }),
      scene("b"),
      scene("c"),
    ]);
    const doc = {
      ...base,
      defaultButtons: {
        ...base.defaultButtons,
        before: { ...base.defaultButtons.before, enabled: true },
        after: { ...base.defaultButtons.after, enabled: true },
      },
    };
    const { container } = renderIn(makeHost("preview"), <ProgramPlayer program={doc} />);
    fireEvent.click(screen.getByText("To C"));
    expect(shownScenes(container)).toEqual(["c"]);
    fireEvent.click(screen.getByText("›"));
    expect(shownScenes(container)).toEqual(["a"]);
    fireEvent.click(screen.getByText("‹"));
    expect(shownScenes(container)).toEqual(["c"]);
  });

  it("moves a media scene on when its media end, not after its seconds", async () => {
    const doc = program([
      scene("a", { mode: "media", seconds: 2, widgets: [widget("video", { materialId: 10, loop: false })] }),
      scene("b", { mode: "media", seconds: 2 }),
      scene("c"),
    ]);
    const { container } = renderIn(makeHost("preview"), <ProgramPlayer program={doc} />);
    await advance(30_000);
    expect(shownScenes(container)).toEqual(["a"]);
    fireEvent(container.querySelector("video") as HTMLVideoElement, new Event("ended"));
    expect(shownScenes(container)).toEqual(["b"]);
    // Without media, "until the media end" falls back to the seconds.
    await advance(2000);
    expect(shownScenes(container)).toEqual(["c"]);
  });

  it("lays the outgoing scene under the incoming one during a transition", async () => {
    const doc = program([
      scene("a", { seconds: 5 }),
      scene("b", { seconds: 5, transition: { type: "slideLeft", durationMs: 800 } }),
    ]);
    const { container } = renderIn(makeHost("preview"), <ProgramPlayer program={doc} />);
    await advance(5000);
    expect(shownScenes(container)).toEqual(["a", "b"]);
    const layers = [...container.querySelectorAll<HTMLElement>(".mq-layer")];
    expect(layers[0]?.style.animation).toContain("mq-to-left");
    expect(layers[1]?.style.animation).toContain("mq-from-right");
    await advance(800);
    expect(shownScenes(container)).toEqual(["b"]);
  });

  it("reports the scenes shown and their times on a screen", async () => {
    const doc = program([
      scene("a", {
        seconds: 5,
        widgets: [widget("button", { label: "Open", action: "popup", targetSceneId: "pop" })],
      }),
      scene("b", { seconds: 5 }),
      scene("pop", { kind: "popup", seconds: 2 }),
    ]);
    const host = makeHost("play");
    host.ctx.now = () => Date.now();
    const { unmount } = renderIn(host, <ProgramPlayer program={doc} />);
    await advance(1000);
    fireEvent.click(screen.getByText("Open"));
    await advance(2000);
    await advance(4000);
    unmount();
    const scenes = host.events.filter((e) => e.kind === "sceneStart" || e.kind === "sceneEnd");
    expect(scenes).toEqual([
      { kind: "sceneStart", sceneId: "a", at: T0 },
      { kind: "sceneStart", sceneId: "pop", at: T0 + 1000 },
      { kind: "sceneEnd", sceneId: "pop", at: T0 + 3000, ms: 2000 },
      { kind: "sceneEnd", sceneId: "a", at: T0 + 7000, ms: 7000 },
      { kind: "sceneStart", sceneId: "b", at: T0 + 7000 },
      { kind: "sceneEnd", sceneId: "b", at: T0 + 7000, ms: 0 },
    ]);
    expect(host.events.filter((e) => e.kind === "click")).toHaveLength(1);
  });

  it("reports nothing in preview", async () => {
    const host = makeHost("preview");
    renderIn(host, <ProgramPlayer program={program([scene("a", { seconds: 1 }), scene("b")])} />);
    await advance(3000);
    expect(host.events).toEqual([]);
  });

  it("follows the document when it changes under it", async () => {
    const first = program([scene("a", { widgets: [label("old")] }), scene("b")]);
    const host = makeHost("preview");
    const view = renderIn(host, <ProgramPlayer program={first} />);
    expect(screen.getByText("old")).toBeTruthy();
    const second = program([scene("a", { widgets: [label("new")] }), scene("b")]);
    await act(async () => {
      view.rerender(
        <RenderProvider value={host.ctx}>
          <ProgramPlayer program={second} />
        </RenderProvider>,
      );
    });
    expect(screen.getByText("new")).toBeTruthy();
  });
});
