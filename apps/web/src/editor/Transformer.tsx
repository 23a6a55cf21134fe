import { type Scene, setFrames, type Widget } from "@marquee/program";
import {
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import Moveable from "react-moveable";
import { STEP } from "./actions";
import { frameBounds, unionRect } from "./geometry";
import {
  type Box,
  type Frame,
  frameChanges,
  frameFromStyle,
  groupMove,
  groupResize,
  groupRotate,
  wrapperTransform,
} from "./gestures";
import { activeScene, useEditor } from "./store";

/**
 * Direct manipulation of the selected widgets (drag, resize, rotate, snapping
 * to the canvas and the other widgets). During a gesture only inline styles
 * change, from the gesture library's events: no React state, no store update
 * per frame. At the end the frames are read back in design pixels and
 * dispatched as one command for every target.
 *
 * One widget is handled by the library itself. Several are handled through a
 * proxy box around them (the library's own group mode measures every member on
 * every frame, too slow for hundreds): the proxy moves, resizes or turns, and
 * the members follow by arithmetic.
 */

export interface TransformerHandle {
  /** Starts dragging a widget that the mouse just pressed and selected (once it is the target). */
  dragAfterSelect(e: MouseEvent): void;
  /** Starts dragging the selected group from a press on one of its members. */
  dragGroup(e: MouseEvent): void;
}

interface Props {
  ref: RefObject<TransformerHandle | null>;
  stageRef: RefObject<HTMLDivElement | null>;
  /** An empty box in design space, drawn around a multiple selection. */
  proxyRef: RefObject<HTMLDivElement | null>;
  scene: Scene;
  selectedIds: string[];
  scale: number;
  /** The stage's on-screen size: the canvas edges and centres are snap lines. */
  width: number;
  height: number;
}

/** Up to this many moving widgets are promoted to their own layers during a gesture. */
const LAYER_LIMIT = 24;

const ALL_DIRECTIONS = { left: true, top: true, right: true, bottom: true, center: true, middle: true };

function paint(el: HTMLElement, f: Pick<Widget, "x" | "y" | "w" | "h" | "rotation">): void {
  el.style.transform = wrapperTransform(f);
  el.style.width = `${f.w}px`;
  el.style.height = `${f.h}px`;
}

function sameElements(a: HTMLElement[], b: HTMLElement[]): boolean {
  return a.length === b.length && a.every((el, i) => el === b[i]);
}

/** The widgets of the active scene behind some wrappers, in the same order. */
function widgetsOf(els: HTMLElement[]): Array<[HTMLElement, Widget]> {
  const byId = new Map(activeScene(useEditor.getState()).widgets.map((w) => [w.id, w]));
  const out: Array<[HTMLElement, Widget]> = [];
  for (const el of els) {
    const w = byId.get(el.dataset.widgetId ?? "");
    if (w) out.push([el, w]);
  }
  return out;
}

/** Reads the gesture's result off the DOM and records it as one step; leaves the DOM as the renderer draws it. */
function commit(targets: HTMLElement[], label: string): void {
  const s = useEditor.getState();
  const frames: Array<{ id: string } & Partial<Frame>> = [];
  const members = widgetsOf(targets);
  for (const [el, w] of members) {
    const next = frameFromStyle(el.style, w);
    if (!next) {
      paint(el, w);
      continue;
    }
    const diff = frameChanges(w, next);
    if (Object.keys(diff).length > 0) frames.push({ id: w.id, ...diff });
    // The rounded frame is what the next render draws; an unchanged frame gets no render, so reset it here.
    paint(el, next);
  }
  if (frames.length === 0) return;
  if (!s.dispatch(setFrames(activeScene(s).id, frames), label)) for (const [el, w] of members) paint(el, w);
}

export function Transformer({ ref, stageRef, proxyRef, scene, selectedIds, scale, width, height }: Props) {
  const moveableRef = useRef<Moveable>(null);
  const [els, setEls] = useState<{ targets: HTMLElement[]; guides: HTMLElement[] }>({
    targets: [],
    guides: [],
  });
  const targetsRef = useRef<HTMLElement[]>([]);
  const pendingDrag = useRef<MouseEvent | null>(null);
  const [shift, setShift] = useState(false);
  /** The group at the start of a gesture: its members' frames and the proxy's box. */
  const groupStart = useRef<{ members: Array<[HTMLElement, Frame]>; box: Box } | null>(null);

  const layoutProxy = () => {
    const proxy = proxyRef.current;
    if (!proxy) return;
    const members = targetsRef.current.length > 1 ? widgetsOf(targetsRef.current) : [];
    const box = unionRect(members.map(([, w]) => frameBounds(w)));
    if (!box) {
      proxy.style.display = "none";
      return;
    }
    proxy.style.display = "block";
    proxy.style.transform = `translate(${box.x}px, ${box.y}px) rotate(0deg)`;
    proxy.style.width = `${box.w}px`;
    proxy.style.height = `${box.h}px`;
  };

  // The targets are the selected wrappers that may move (locked and hidden ones stay put); the guides are the rest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutProxy reads only refs and the store
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const byId = new Map(scene.widgets.map((w) => [w.id, w]));
    const targets: HTMLElement[] = [];
    for (const id of selectedIds) {
      const w = byId.get(id);
      if (!w || w.locked || w.hidden) continue;
      const el = stage.querySelector<HTMLElement>(`.mq-widget[data-widget-id="${id}"]`);
      if (el) targets.push(el);
    }
    const chosen = new Set(targets);
    const guides = Array.from(stage.querySelectorAll<HTMLElement>(".mq-widget[data-widget-id]")).filter(
      (el) => !chosen.has(el),
    );
    targetsRef.current = targets;
    layoutProxy();
    setEls((prev) =>
      sameElements(prev.targets, targets) && sameElements(prev.guides, guides) ? prev : { targets, guides },
    );
  }, [scene, selectedIds, stageRef]);

  // Undo, a panel edit or a zoom moves the wrappers under the handles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the scene, the scale or the targets change
  useLayoutEffect(() => {
    moveableRef.current?.updateRect();
  }, [scene, scale, els]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => setShift(e.shiftKey);
    const onBlur = () => setShift(false);
    const onUp = () => {
      pendingDrag.current = null;
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("keyup", onKey);
    window.addEventListener("blur", onBlur);
    window.addEventListener("mouseup", onUp);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("keyup", onKey);
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("mouseup", onUp);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    dragAfterSelect(e) {
      const m = moveableRef.current;
      if (!m) return;
      pendingDrag.current = e;
      void m.waitToChangeTarget().then(() => {
        // Only while that press is still held: a quick click must not start a drag later.
        if (pendingDrag.current === e) m.dragStart(e);
        pendingDrag.current = null;
      });
    },
    dragGroup(e) {
      if (targetsRef.current.length > 1) moveableRef.current?.dragStart(e);
    },
  }));

  const { targets, guides } = els;
  const group = targets.length > 1;
  const vertical = useMemo(() => [0, width / 2, width], [width]);
  const horizontal = useMemo(() => [0, height / 2, height], [height]);

  const startGroup = () => {
    // A few moving wrappers get compositor layers of their own (a frame then repaints nothing); hundreds of
    // layers would cost more to composite than they save.
    if (targetsRef.current.length <= LAYER_LIMIT)
      for (const el of targetsRef.current) el.style.willChange = "transform";
    if (!group) return;
    const proxy = proxyRef.current;
    const members = widgetsOf(targetsRef.current).map(([el, w]): [HTMLElement, Frame] => [el, w]);
    const box = unionRect(members.map(([, f]) => frameBounds(f)));
    groupStart.current = proxy && box ? { members, box } : null;
  };
  const paintGroup = (next: (frames: Frame[], box: Box) => Frame[]) => {
    const g = groupStart.current;
    if (!g) return;
    const frames = next(
      g.members.map(([, f]) => f),
      g.box,
    );
    g.members.forEach(([el], i) => {
      const f = frames[i];
      if (f) paint(el, f);
    });
  };
  const end = (label: string) => (e: { isDrag: boolean }) => {
    for (const el of targetsRef.current) el.style.willChange = "";
    if (e.isDrag) commit(targetsRef.current, label);
    groupStart.current = null;
    if (group) {
      layoutProxy();
      moveableRef.current?.updateRect();
    }
  };

  return (
    <Moveable
      ref={moveableRef}
      className="mq-ed-moveable"
      target={targets.length === 0 ? null : group ? proxyRef : targets[0]}
      flushSync={flushSync}
      draggable
      resizable
      rotatable
      keepRatio={shift}
      throttleRotate={shift ? 15 : 0}
      origin={false}
      snappable
      snapContainer={stageRef}
      snapThreshold={5}
      snapGap={false}
      isDisplaySnapDigit
      snapDistFormat={(d) => Math.round(d / scale)}
      snapDirections={ALL_DIRECTIONS}
      elementSnapDirections={ALL_DIRECTIONS}
      elementGuidelines={guides}
      verticalGuidelines={vertical}
      horizontalGuidelines={horizontal}
      onDragStart={startGroup}
      onDrag={(e) => {
        e.target.style.transform = e.transform;
        const [x = 0, y = 0] = e.translate;
        if (group) paintGroup((frames, box) => groupMove(frames, x - box.x, y - box.y));
      }}
      onDragEnd={end(STEP.move)}
      onResizeStart={startGroup}
      onResize={(e) => {
        e.target.style.width = `${e.width}px`;
        e.target.style.height = `${e.height}px`;
        e.target.style.transform = e.drag.transform;
        if (group) {
          const [x = 0, y = 0] = e.drag.translate;
          paintGroup((frames, box) => groupResize(frames, box, { x, y, w: e.width, h: e.height }));
        }
      }}
      onResizeEnd={end(STEP.resize)}
      onRotateStart={startGroup}
      onRotate={(e) => {
        e.target.style.transform = e.drag.transform;
        if (group)
          paintGroup((frames, box) =>
            groupRotate(frames, { x: box.x + box.w / 2, y: box.y + box.h / 2 }, e.rotation),
          );
      }}
      onRotateEnd={end(STEP.rotate)}
    />
  );
}
