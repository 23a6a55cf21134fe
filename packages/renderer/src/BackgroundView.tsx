import type { Background, FIT_MODES } from "@marquee/program";
import { useEffect, useRef } from "react";
import { useRender } from "./context";
import { releaseMedia, startPlayback } from "./widgets/media";

type FitMode = (typeof FIT_MODES)[number];

/**
 * A scene's or the program's background: a colour, an image, or a muted
 * looping video (at rest on its first frame in the editor), over its colour.
 */
export function BackgroundView({ background }: { background: Background }) {
  const ctx = useRender();
  const media =
    background.kind === "color" || background.materialId === null ? null : ctx.media(background.materialId);
  const url = media?.url ?? null;
  return (
    <div
      className="mq-background"
      style={{ position: "absolute", inset: 0, overflow: "hidden", background: background.color }}
    >
      {url && background.kind === "image" ? (
        <img
          src={url}
          alt=""
          draggable={false}
          style={{ width: "100%", height: "100%", objectFit: background.fit, display: "block" }}
        />
      ) : null}
      {url && background.kind === "video" ? <BackgroundVideo url={url} fit={background.fit} /> : null}
    </div>
  );
}

function BackgroundVideo({ url, fit }: { url: string; fit: FitMode }) {
  const ctx = useRender();
  const ref = useRef<HTMLVideoElement>(null);
  const edit = ctx.mode === "edit";
  useEffect(() => {
    const el = ref.current;
    if (el && !edit) startPlayback(el);
  }, [edit]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el) releaseMedia(el);
    };
  }, []);
  return (
    <video
      ref={ref}
      src={edit ? `${url}#t=0.1` : url}
      autoPlay={!edit}
      loop
      muted
      playsInline
      preload={edit ? "metadata" : "auto"}
      style={{ width: "100%", height: "100%", objectFit: fit, display: "block" }}
    />
  );
}
