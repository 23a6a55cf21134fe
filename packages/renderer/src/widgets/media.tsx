import type { Widget } from "@marquee/program";
import { type RefObject, useEffect } from "react";
import { useRender } from "../context";
import { type PlayReporter, useClock, useLatest, usePlayReporter } from "../hooks";
import { rt } from "../i18n";
import type { MediaInfo } from "../types";
import { Placeholder } from "./Placeholder";

/** What a material id resolves to: none chosen, missing from the host, or playable. */
export type Material =
  | { state: "none" }
  | { state: "missing"; id: number }
  | { state: "ok"; media: MediaInfo & { url: string } };

/** Looks a material up in the host; a material without an address is as good as missing. */
export function useMaterial(id: number | null): Material {
  const ctx = useRender();
  if (id === null) return { state: "none" };
  const media = ctx.media(id);
  return media?.url ? { state: "ok", media: { ...media, url: media.url } } : { state: "missing", id };
}

/** A widget whose material was not chosen yet: a hint in the editor, nothing on a screen. */
export function NoMaterial({ widget }: { widget: Widget }) {
  const ctx = useRender();
  if (ctx.mode !== "edit") return null;
  return <Placeholder state="empty" title={rt(ctx.locale, "noMaterial")} frame={widget} icon="media" />;
}

/**
 * A widget whose material the host does not have (deleted, not cached): a
 * visible placeholder in every mode; on a screen it is also reported, and a
 * timed widget counts as ended so a scene that waits for its media moves on.
 */
export function MissingMedia({
  widget,
  sceneId,
  materialId,
  onGone,
}: {
  widget: Widget;
  sceneId: string;
  materialId: number;
  onGone?: () => void;
}) {
  const ctx = useRender();
  const report = usePlayReporter(widget.id, sceneId);
  const gone = useLatest(onGone);
  useEffect(() => {
    report.error(`missing media ${materialId}`);
    if (ctx.mode !== "edit") gone.current?.();
  }, [report, materialId, ctx.mode, gone]);
  return (
    <Placeholder
      state="missing"
      title={rt(ctx.locale, "missingMedia")}
      detail={`#${materialId}`}
      frame={widget}
    />
  );
}

/** Starts playback; when the browser refuses sound without a gesture, plays muted rather than not at all. */
export function startPlayback(el: HTMLMediaElement): void {
  let started: Promise<void> | undefined;
  try {
    started = el.play();
  } catch {
    return;
  }
  started?.catch((e: unknown) => {
    if (e instanceof Error && e.name === "NotAllowedError" && !el.muted) {
      el.muted = true;
      el.play()?.catch(() => undefined);
    }
  });
}

/** Stops a media element and lets the browser free its decoder and buffers. */
export function releaseMedia(el: HTMLMediaElement): void {
  try {
    el.pause();
    el.removeAttribute("src");
    el.load();
  } catch {
    // Nothing to free in an environment without media playback.
  }
}

/** How useMediaPlayback plays a medium, and whom it tells. */
export interface PlaybackOptions {
  /** Preview/play: plays; edit: stays paused on its first frame. */
  active: boolean;
  materialId: number;
  loop: boolean;
  volume: number;
  muted: boolean;
  /** Once, when the medium first ends (or first loops back). */
  onEnded: () => void;
  onError: (message: string) => void;
}

/**
 * Playback of a video or audio widget: volume, autoplay, the "ended once"
 * signal (the `ended` event, or for a looping medium the jump back of its
 * time), and the media PlayEvents of each pass (a pass cut short by the
 * scene's end ends there, with the time it played).
 */
export function useMediaPlayback(
  ref: RefObject<HTMLMediaElement | null>,
  src: string,
  report: PlayReporter,
  options: PlaybackOptions,
): void {
  const opts = useLatest(options);
  const clock = useClock();
  const { active, volume, muted } = options;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.muted = muted;
    el.volume = Math.min(1, Math.max(0, volume / 100));
  }, [ref, volume, muted]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source is a new medium: its passes are counted afresh
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!active) {
      try {
        el.pause();
      } catch {
        // No playback in this environment: it is paused anyway.
      }
      return;
    }
    let endedOnce = false;
    let startedAt: number | null = null;
    let last = 0;
    const finishPass = () => {
      if (startedAt !== null) report.mediaEnd(opts.current.materialId, clock() - startedAt);
      startedAt = null;
      if (!endedOnce) {
        endedOnce = true;
        opts.current.onEnded();
      }
    };
    const onPlaying = () => {
      if (startedAt !== null) return;
      startedAt = clock();
      report.mediaStart(opts.current.materialId);
    };
    const onTime = () => {
      const t = el.currentTime;
      // A looping medium never fires `ended`: its time jumping back to the start is the end of a pass.
      if (opts.current.loop && last > 0.5 && t + 0.5 < last) {
        finishPass();
        onPlaying();
      }
      last = t;
    };
    const onError = () => {
      const message = el.error?.message || `media error ${el.error?.code ?? ""}`.trim();
      opts.current.onError(message);
      finishPass();
    };
    el.addEventListener("playing", onPlaying);
    el.addEventListener("timeupdate", onTime);
    el.addEventListener("ended", finishPass);
    el.addEventListener("error", onError);
    startPlayback(el);
    return () => {
      // A pass cut short (the scene moved on) still ends: every mediaStart gets its mediaEnd, with the time played.
      if (startedAt !== null) report.mediaEnd(opts.current.materialId, clock() - startedAt);
      el.removeEventListener("playing", onPlaying);
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("ended", finishPass);
      el.removeEventListener("error", onError);
    };
  }, [ref, active, src, report, clock, opts]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) releaseMedia(el);
    };
  }, [ref]);
}
