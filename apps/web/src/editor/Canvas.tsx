import type { WidgetType } from "@marquee/program";
import { RenderProvider, SceneView } from "@marquee/renderer";
import {
  type CSSProperties,
  type DragEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { addWidgetAt } from "./actions";
import {
  fitScale,
  hitTest,
  type Point,
  rectFromPoints,
  screenToDesign,
  scrollForZoom,
  stageLayout,
  toggleSelection,
  wheelZoom,
} from "./geometry";
import { usePalette, WIDGET_DRAG_TYPE } from "./palette";
import { createRenderContext } from "./renderContext";
import { activeScene, useEditor } from "./store";
import { Transformer, type TransformerHandle } from "./Transformer";
import { measureTexts, useTextOverflow } from "./textFit";
import { useElementSize } from "./useElementSize";

/**
 * The canvas: the active scene at design size, scaled into the viewport (fit,
 * or the chosen zoom with scrolling), with selection by click and rubber band,
 * direct manipulation of the selection, drops from the palette and Ctrl+wheel
 * zoom about the pointer.
 */

/** Pointer travel (screen px) below which a press on empty canvas is a click, not a rubber band. */
const BAND_THRESHOLD = 3;

/**
 * Outlines of the selected widgets that the handles do not frame one by one:
 * the members of a multiple selection, and locked ones (dashed).
 */
function SelectionOutlines({ members, locked }: { members: string[]; locked: string[] }) {
  if (members.length === 0 && locked.length === 0) return null;
  const sel = (ids: string[]) =>
    ids.map((id) => `.mq-ed-design .mq-widget[data-widget-id="${id}"]`).join(",");
  return (
    <style>
      {members.length > 0 ? `${sel(members)}{outline:calc(1px * var(--mq-inv)) solid #4096ff}` : ""}
      {locked.length > 0 ? `${sel(locked)}{outline:calc(2px * var(--mq-inv)) dashed #faad14}` : ""}
    </style>
  );
}

/** Text widgets whose text does not fit their box: a red dashed outline, as on the screen a part is cut off. */
function OverflowOutlines({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  const sel = ids.map((id) => `.mq-ed-design .mq-widget[data-widget-id="${id}"]`).join(",");
  return (
    <style>{`${sel}{outline:calc(2px * var(--mq-inv)) dashed #ff4d4f;outline-offset:calc(-2px * var(--mq-inv))}`}</style>
  );
}

/** Measures the scene's text widgets after each change (and once the fonts are in) for text that overflows. */
function useMeasureTexts(scene: { widgets: ReadonlyArray<{ id: string; type: string }> } | undefined) {
  useLayoutEffect(() => {
    const ids = (scene?.widgets ?? []).filter((w) => w.type === "text").map((w) => w.id);
    measureTexts(ids);
    let live = true;
    void document.fonts?.ready.then(() => live && measureTexts(ids));
    return () => {
      live = false;
    };
  }, [scene]);
}

export function Canvas() {
  const { i18n } = useTranslation();
  const doc = useEditor((s) => s.doc);
  const scene = useEditor(activeScene);
  const selectedIds = useEditor((s) => s.selectedIds);
  const zoom = useEditor((s) => s.canvas.zoom);
  const palette = usePalette();
  useMeasureTexts(scene);
  const overflowing = useTextOverflow((s) => s.ids);
  const ctx = useMemo(() => createRenderContext("edit", i18n.language), [i18n.language]);

  const viewportRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const bandRef = useRef<HTMLDivElement>(null);
  const proxyRef = useRef<HTMLDivElement>(null);
  const transformer = useRef<TransformerHandle>(null);

  const viewport = useElementSize(viewportRef);
  const design = { width: doc.width, height: doc.height };
  const scale = zoom ?? fitScale(viewport, design);
  const layout = stageLayout(viewport, design, scale);

  // Where the stage was, so a zoom keeps the point under the pointer (or the viewport's centre) in place.
  const placed = useRef({ left: layout.left, top: layout.top, scale });
  const anchor = useRef<Point | null>(null);
  useLayoutEffect(() => {
    const vp = viewportRef.current;
    const before = placed.current;
    const after = { left: layout.left, top: layout.top, scale };
    placed.current = after;
    if (!vp || before.scale === scale) return;
    const at = anchor.current ?? { x: vp.clientWidth / 2, y: vp.clientHeight / 2 };
    anchor.current = null;
    const next = scrollForZoom(at, { x: vp.scrollLeft, y: vp.scrollTop }, before, after);
    vp.scrollLeft = next.x;
    vp.scrollTop = next.y;
  }, [layout.left, layout.top, scale]);

  const setCanvas = useEditor((s) => s.setCanvas);
  useEffect(() => {
    setCanvas({
      w: doc.width,
      h: doc.height,
      realWidth: Math.round(doc.width * scale),
      realHeight: Math.round(doc.height * scale),
      scale,
    });
  }, [doc.width, doc.height, scale, setCanvas]);

  // Ctrl/Cmd+wheel zooms about the pointer; React's wheel listener is passive, so this one is added by hand.
  useEffect(() => {
    const vp = viewportRef.current;
    if (!vp) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      const rect = vp.getBoundingClientRect();
      anchor.current = { x: e.clientX - rect.left, y: e.clientY - rect.top };
      useEditor.getState().setCanvas({ zoom: wheelZoom(placed.current.scale, e.deltaY) });
    };
    vp.addEventListener("wheel", onWheel, { passive: false });
    return () => vp.removeEventListener("wheel", onWheel);
  }, []);

  const stageOrigin = (): Point => {
    const r = stageRef.current?.getBoundingClientRect();
    return { x: r?.left ?? 0, y: r?.top ?? 0 };
  };

  const startBand = (e: MouseEvent, additive: boolean) => {
    const surface = surfaceRef.current;
    const band = bandRef.current;
    if (!surface || !band) return;
    e.preventDefault();
    const start = { x: e.clientX, y: e.clientY };
    const surfaceAt = surface.getBoundingClientRect();
    const startOnSurface = { x: start.x - surfaceAt.left, y: start.y - surfaceAt.top };
    const startInDesign = screenToDesign(start, stageOrigin(), scale);
    const base = additive ? useEditor.getState().selectedIds : [];
    let moved = false;
    const move = (ev: globalThis.MouseEvent) => {
      if (!moved && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < BAND_THRESHOLD) return;
      moved = true;
      const now = surface.getBoundingClientRect();
      const r = rectFromPoints(startOnSurface, { x: ev.clientX - now.left, y: ev.clientY - now.top });
      band.style.display = "block";
      band.style.transform = `translate(${r.x}px, ${r.y}px)`;
      band.style.width = `${r.w}px`;
      band.style.height = `${r.h}px`;
    };
    const up = (ev: globalThis.MouseEvent) => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
      band.style.display = "none";
      const s = useEditor.getState();
      if (!moved) {
        if (!additive) s.select([]);
        return;
      }
      const end = screenToDesign({ x: ev.clientX, y: ev.clientY }, stageOrigin(), scale);
      const hits = hitTest(activeScene(s).widgets, rectFromPoints(startInDesign, end));
      s.select(additive ? [...base, ...hits.filter((id) => !base.includes(id))] : hits);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const target = e.target as Element;
    // A press on the canvas ends typing in a panel field, so the canvas' shortcuts work at once.
    viewportRef.current?.focus({ preventScroll: true });
    if (target.closest(".moveable-control-box")) return;
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    const el = target.closest<HTMLElement>(".mq-ed-design .mq-widget[data-widget-id]");
    const id = el?.dataset.widgetId;
    if (!id) {
      startBand(e, additive);
      return;
    }
    const s = useEditor.getState();
    if (additive) {
      e.preventDefault();
      s.select(toggleSelection(s.selectedIds, [id]));
      return;
    }
    if (s.selectedIds.includes(id)) {
      // One selected widget drags itself; a member of several drags the whole group.
      transformer.current?.dragGroup(e.nativeEvent);
      return;
    }
    s.select([id]);
    const w = activeScene(s).widgets.find((x) => x.id === id);
    if (w && !w.locked) transformer.current?.dragAfterSelect(e.nativeEvent);
  };

  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(WIDGET_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(WIDGET_DRAG_TYPE) as WidgetType;
    const info = palette.data?.find((w) => w.type === type);
    if (!info) return;
    e.preventDefault();
    addWidgetAt(type, info.defaults, screenToDesign({ x: e.clientX, y: e.clientY }, stageOrigin(), scale));
    viewportRef.current?.focus({ preventScroll: true });
  };

  const outlined = useMemo(() => {
    const ids = new Set(selectedIds);
    const chosen = scene.widgets.filter((w) => ids.has(w.id));
    return {
      members: chosen.length > 1 ? chosen.filter((w) => !w.locked).map((w) => w.id) : [],
      locked: chosen.filter((w) => w.locked).map((w) => w.id),
    };
  }, [scene, selectedIds]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the canvas is a pointer surface; its keyboard use is the editor's shortcuts
    <div
      className="mq-ed-viewport"
      ref={viewportRef}
      tabIndex={-1}
      data-testid="editor-canvas"
      onMouseDown={onMouseDown}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <div
        className="mq-ed-surface"
        ref={surfaceRef}
        style={{ width: layout.surfaceWidth, height: layout.surfaceHeight }}
      >
        <div
          className="mq-ed-stage"
          ref={stageRef}
          style={{ left: layout.left, top: layout.top, width: layout.width, height: layout.height }}
        >
          <div
            className="mq-ed-design"
            style={
              {
                width: doc.width,
                height: doc.height,
                transform: `scale(${scale})`,
                "--mq-inv": 1 / scale,
              } as CSSProperties
            }
          >
            <RenderProvider value={ctx}>
              <SceneView program={doc} scene={scene} />
            </RenderProvider>
            <div className="mq-ed-proxy" ref={proxyRef} />
          </div>
        </div>
        <SelectionOutlines members={outlined.members} locked={outlined.locked} />
        <OverflowOutlines ids={overflowing} />
        <div className="mq-ed-band" ref={bandRef} />
        <Transformer
          ref={transformer}
          stageRef={stageRef}
          proxyRef={proxyRef}
          scene={scene}
          selectedIds={selectedIds}
          scale={scale}
          width={layout.width}
          height={layout.height}
        />
      </div>
    </div>
  );
}
