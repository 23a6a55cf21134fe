import type { ProgramDoc } from "@marquee/program";
import { ProgramPlayer, ScaledStage } from "@marquee/renderer";
import type { WallCell, WallFrame, WallSample } from "@marquee/terminal-protocol";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import {
  runKey,
  sceneClock,
  serverTime,
  VideoCues,
  WALL_CLOCK_EVERY_MS,
  WALL_REPORT_MS,
  WALL_VIDEO_CHECK_MS,
  type WallPosition,
  wallPosition,
  wallTimeline,
} from "./wall";

/** The run after the showing one is mounted (hidden) this long before it shows. */
const PREPARE_MS = 1200;

/** What a wall's screen needs of the player: its clock offset, a new measure of it, and the socket. */
export interface WallHost {
  offsetMs(): number;
  measureClock(): void;
  send(frame: WallFrame): void;
}

/**
 * A screen of a video wall: the program at its whole size, only this
 * screen's crop shown, scaled to the screen; its scenes follow the server's
 * clock from the wall's start (wall.ts), its videos are kept at their
 * positions, and what it did is reported for the wall's skew.
 */
export function WallStage({
  doc,
  cell,
  startAt,
  host,
}: {
  doc: ProgramDoc;
  cell: WallCell;
  startAt: number;
  host: WallHost;
}) {
  const timeline = useMemo(() => wallTimeline(doc), [doc]);
  const hostRef = useRef(host);
  hostRef.current = host;
  const elapsed = () => serverTime(Date.now(), hostRef.current.offsetMs()) - startAt;
  const [pos, setPos] = useState(() => wallPosition(timeline, elapsed()));
  const posRef = useRef(pos);
  posRef.current = pos;
  // The run coming next, mounted hidden PREPARE_MS before it shows (ProgramPlayer's upcomingSceneId).
  const [upcoming, setUpcoming] = useState<WallPosition | null>(null);
  const upcomingRef = useRef(upcoming);
  upcomingRef.current = upcoming;
  const box = useRef<HTMLDivElement>(null);
  const samples = useRef<WallSample[]>([]);

  // The scene from the server's clock: woken at the next change (at most a second ahead, to follow a new offset),
  // and committed in the timer's own task (flushSync), not in a later one that other work may delay. The run
  // after it is mounted hidden PREPARE_MS ahead, so the change only shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: elapsed reads the host through its ref.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = (inEffect = false) => {
      const at = elapsed();
      const next = wallPosition(timeline, at);
      const due = next ? next.untilNextMs : 1000;
      const coming = next && due <= PREPARE_MS ? wallPosition(timeline, at + due) : null;
      const p = posRef.current;
      const u = upcomingRef.current;
      const change = !(p && next && p.cycle === next.cycle && p.index === next.index);
      const prepare = (coming && (!u || runKey(u) !== runKey(coming))) || (!coming && u);
      const update = () => {
        if (change) setPos(next);
        // In the same render as the change: the layer shown stops being the one ahead, and none is mounted again.
        if (change || prepare) setUpcoming(coming);
      };
      if (change && !inEffect) flushSync(update);
      else update();
      // Woken for the change, and for the preparing before it.
      const wake = due > PREPARE_MS ? due - PREPARE_MS : due;
      timer = setTimeout(tick, Math.max(1, Math.min(wake, 1000)));
    };
    tick(true);
    return () => clearTimeout(timer);
  }, [timeline, startAt]);

  // Scene changes after the first, as shown (committed), on this device's clock.
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!pos) return;
    if (first.current) {
      first.current = false;
      return;
    }
    samples.current.push({ kind: "scene", cycle: pos.cycle, index: pos.index, at: Date.now() });
  }, [pos]);

  // Videos and sounds started together and kept at their positions; the clock measured again; reports sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: elapsed reads the host through its ref.
  useEffect(() => {
    let n = 0;
    const cues = new VideoCues(sceneClock(timeline, elapsed));
    // The run a layer plays: the hidden one mounted ahead is the run coming next, the others the showing one.
    const keyOf = (layer: Element | null): string | null => {
      const run =
        layer instanceof HTMLElement && layer.dataset.upcoming ? upcomingRef.current : posRef.current;
      return run ? runKey(run) : null;
    };
    // A medium is held as soon as it knows its length, not at the next check.
    const onMetadata = (e: Event) => {
      if (!(e.target instanceof HTMLMediaElement)) return;
      const key = keyOf(e.target.closest(".mq-layer"));
      if (key) cues.step(e.target, key);
    };
    const stage = box.current;
    stage?.addEventListener("loadedmetadata", onMetadata, true);
    const videos = setInterval(() => {
      const p = posRef.current;
      const el = box.current;
      if (!p || !el) return;
      // The showing scene's layer (during a transition the outgoing scene's media are still there), and the
      // layer mounted ahead, whose media wait held for their start.
      const layers = [...el.querySelectorAll<HTMLElement>(".mq-layer")];
      const top = layers
        .filter((l) => !l.dataset.upcoming)
        .reduce<HTMLElement | null>(
          (best, l) => (!best || Number(l.dataset.run) > Number(best.dataset.run) ? l : best),
          null,
        );
      const ahead = layers.find((l) => l.dataset.upcoming);
      const aheadKey = keyOf(ahead ?? null);
      if (ahead && aheadKey)
        for (const m of ahead.querySelectorAll("video, audio")) cues.step(m as HTMLMediaElement, aheadKey);
      const key = runKey(p);
      const list = top?.querySelectorAll("video, audio") ?? [];
      for (const [i, v] of [...list].entries()) {
        const read = cues.step(v as HTMLMediaElement, key);
        if (read && i === 0 && n++ % 2 === 0)
          samples.current.push({ kind: "video", cycle: p.cycle, index: p.index, at: Date.now(), ...read });
      }
    }, WALL_VIDEO_CHECK_MS);
    const clock = setInterval(() => hostRef.current.measureClock(), WALL_CLOCK_EVERY_MS);
    const report = setInterval(() => {
      if (!samples.current.length) return;
      const batch = samples.current.splice(0, 200);
      hostRef.current.send({
        type: "wall",
        wallId: cell.wallId,
        startAt,
        offsetMs: hostRef.current.offsetMs(),
        samples: batch,
      });
    }, WALL_REPORT_MS);
    return () => {
      stage?.removeEventListener("loadedmetadata", onMetadata, true);
      clearInterval(videos);
      clearInterval(clock);
      clearInterval(report);
    };
  }, [timeline, startAt, cell.wallId]);

  return (
    <div
      ref={box}
      data-testid="wall-stage"
      data-wall={cell.wallId}
      data-scene={pos?.sceneId ?? ""}
      data-crop={`${Math.round(cell.crop.x)},${Math.round(cell.crop.y)},${Math.round(cell.crop.width)},${Math.round(cell.crop.height)}`}
      style={{ position: "fixed", inset: 0 }}
    >
      <ScaledStage width={doc.width} height={doc.height} crop={cell.crop} background="#000">
        <ProgramPlayer
          program={doc}
          startSceneId={pos?.sceneId}
          upcomingSceneId={upcoming?.sceneId}
          hostClock
        />
      </ScaledStage>
    </div>
  );
}
