import type { WallSkewFigures } from "@marquee/contracts";
import type { WallFrame } from "@marquee/terminal-protocol";

/** Samples kept per screen (a scene change every few seconds and two video samples a second: 10 minutes and more). */
const KEEP = 4000;
/** Video samples of several screens are compared within buckets of this many ms of the wall's time. */
const VIDEO_BUCKET_MS = 1000;

interface SceneSample {
  cycle: number;
  index: number;
  at: number;
  offsetMs: number;
}
interface VideoSample extends SceneSample {
  posMs: number;
  durMs: number;
}
interface Held {
  wallId: number;
  startAt: number;
  offsetMs: number;
  lastAt: number;
  scenes: SceneSample[];
  videos: VideoSample[];
}

/** Median and max of spreads (ms), with the latest one. */
export function figures(spreads: number[]): WallSkewFigures {
  if (!spreads.length) return { samples: 0, medianMs: null, maxMs: null, lastMs: null };
  const sorted = [...spreads].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    samples: spreads.length,
    medianMs: round(median),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    lastMs: round(spreads[spreads.length - 1] ?? 0),
  };
}

/** The largest distance between values on a circle of length `dur` (a looping video's positions); on a line when 0. */
export function spreadOf(values: number[], dur = 0): number {
  if (values.length < 2) return 0;
  if (!(dur > 0)) return Math.max(...values) - Math.min(...values);
  let worst = 0;
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) {
      const d = ((((values[i] ?? 0) - (values[j] ?? 0)) % dur) + dur) % dur;
      worst = Math.max(worst, Math.min(d, dur - d));
    }
  return worst;
}

/**
 * The screens' wall reports (in this server process's memory: a screen's
 * frames reach the node that holds its socket; see docs/video-walls.md) and
 * the skew between the screens of a wall: for each scene change, how far
 * apart the screens made it; for each second of a video, how far apart
 * their positions were (position less time, which is constant in step).
 * Each figure on the server's clock (a screen's time less the offset it
 * measured) and on the screens' own clocks (the truth when they share one).
 */
export class WallSkew {
  private readonly held = new Map<number, Held>();

  report(terminalId: number, frame: WallFrame): void {
    let h = this.held.get(terminalId);
    if (!h || h.wallId !== frame.wallId || h.startAt !== frame.startAt) {
      h = {
        wallId: frame.wallId,
        startAt: frame.startAt,
        offsetMs: frame.offsetMs,
        lastAt: 0,
        scenes: [],
        videos: [],
      };
      this.held.set(terminalId, h);
    }
    h.offsetMs = frame.offsetMs;
    for (const s of frame.samples) {
      h.lastAt = Math.max(h.lastAt, s.at);
      const base = { cycle: s.cycle, index: s.index, at: s.at, offsetMs: frame.offsetMs };
      if (s.kind === "scene") h.scenes.push(base);
      else if (s.posMs !== undefined) h.videos.push({ ...base, posMs: s.posMs, durMs: s.durMs ?? 0 });
    }
    if (h.scenes.length > KEEP) h.scenes.splice(0, h.scenes.length - KEEP);
    if (h.videos.length > KEEP) h.videos.splice(0, h.videos.length - KEEP);
  }

  forget(terminalIds: number[]): void {
    for (const id of terminalIds) this.held.delete(id);
  }

  /** The skew of a wall's screens for the run started at `startAt`. */
  skew(wallId: number, startAt: number | null, terminalIds: number[]) {
    const screens = terminalIds.map((terminalId) => {
      const h = this.held.get(terminalId);
      const mine = h && h.wallId === wallId && h.startAt === startAt ? h : null;
      return { terminalId, held: mine };
    });
    const runs = screens.map((s) => s.held).filter((h): h is Held => h !== null);
    const scene = { server: [] as number[], device: [] as number[] };
    const byKey = new Map<string, SceneSample[]>();
    for (const h of runs)
      for (const s of h.scenes) {
        const key = `${s.cycle}:${s.index}`;
        const list = byKey.get(key) ?? [];
        list.push(s);
        byKey.set(key, list);
      }
    for (const list of byKey.values()) {
      if (list.length < 2) continue;
      scene.server.push(spreadOf(list.map((s) => s.at - s.offsetMs)));
      scene.device.push(spreadOf(list.map((s) => s.at)));
    }
    const video = { server: [] as number[], device: [] as number[] };
    // One value per screen and bucket (its latest), compared across screens.
    const buckets = new Map<string, Map<Held, VideoSample>>();
    for (const h of runs)
      for (const v of h.videos) {
        const t = v.at - v.offsetMs - (startAt ?? 0);
        const key = `${v.cycle}:${v.index}:${Math.floor(t / VIDEO_BUCKET_MS)}`;
        const m = buckets.get(key) ?? new Map<Held, VideoSample>();
        m.set(h, v);
        buckets.set(key, m);
      }
    for (const m of buckets.values()) {
      if (m.size < 2) continue;
      const list = [...m.values()];
      const dur = Math.max(...list.map((v) => v.durMs));
      video.server.push(
        spreadOf(
          list.map((v) => v.posMs - (v.at - v.offsetMs)),
          dur,
        ),
      );
      video.device.push(
        spreadOf(
          list.map((v) => v.posMs - v.at),
          dur,
        ),
      );
    }
    return {
      scene: figures(scene.server),
      video: figures(video.server),
      sceneDevice: figures(scene.device),
      videoDevice: figures(video.device),
      screens: screens.map((s) => ({
        terminalId: s.terminalId,
        offsetMs: s.held?.offsetMs ?? null,
        lastAt: s.held?.lastAt || null,
      })),
    };
  }
}
