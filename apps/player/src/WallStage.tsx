import type { ProgramDoc } from "@marquee/program";
import { ProgramPlayer, ScaledStage } from "@marquee/renderer";
import type { WallCell, WallFrame, WallSample } from "@marquee/terminal-protocol";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  keepVideoInStep,
  serverTime,
  WALL_CLOCK_EVERY_MS,
  WALL_REPORT_MS,
  WALL_VIDEO_CHECK_MS,
  wallPosition,
  wallTimeline,
} from "./wall";

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
  const box = useRef<HTMLDivElement>(null);
  const samples = useRef<WallSample[]>([]);

  // The scene from the server's clock: woken at the next change (at most a second ahead, to follow a new offset).
  // biome-ignore lint/correctness/useExhaustiveDependencies: elapsed reads the host through its ref.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const next = wallPosition(timeline, elapsed());
      setPos((p) => (p && next && p.cycle === next.cycle && p.index === next.index ? p : next));
      timer = setTimeout(tick, Math.max(1, Math.min(next?.untilNextMs ?? 1000, 1000)));
    };
    tick();
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

  // Videos at their positions; the clock measured again; reports sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: elapsed reads the host through its ref.
  useEffect(() => {
    let n = 0;
    const videos = setInterval(() => {
      const p = posRef.current;
      const el = box.current;
      if (!p || !el) return;
      const now = wallPosition(timeline, elapsed());
      if (!now || now.cycle !== p.cycle || now.index !== p.index) return;
      // The showing scene's layer only: during a transition the outgoing scene's videos are still there.
      const layers = [...el.querySelectorAll<HTMLElement>(".mq-layer")];
      const top = layers.reduce<HTMLElement | null>(
        (best, l) => (!best || Number(l.dataset.run) > Number(best.dataset.run) ? l : best),
        null,
      );
      const list = top?.querySelectorAll("video") ?? [];
      for (const [i, v] of [...list].entries()) {
        const read = keepVideoInStep(v, now.intoMs);
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
        <ProgramPlayer program={doc} startSceneId={pos?.sceneId} hostClock />
      </ScaledStage>
    </div>
  );
}
