import { useEffect, useRef, useState } from "react";
import { useRender } from "../context";
import { usePlayReporter } from "../hooks";
import { rt } from "../i18n";
import { MissingMedia, releaseMedia, startPlayback, useMaterial } from "./media";
import { Placeholder } from "./Placeholder";
import type { WidgetComponentProps } from "./types";

const NETWORK_RETRY_MS = 5000;
const RESTART_MS = 30_000;

/**
 * A live HLS stream: natively where the browser plays HLS, else through
 * hls.js, loaded only when a stream actually plays. Network trouble is
 * retried, and a stream that dies is restarted, because nobody is there to
 * press reload. The editor shows what and where, without connecting.
 */
export function StreamWidget({ widget, sceneId }: WidgetComponentProps<"stream">) {
  const ctx = useRender();
  const p = widget.props;
  const material = useMaterial(p.materialId);
  if (material.state === "missing")
    return <MissingMedia widget={widget} sceneId={sceneId} materialId={material.id} />;
  const url = material.state === "ok" ? material.media.url : p.url;
  if (ctx.mode === "edit")
    return (
      <Placeholder
        state="empty"
        icon="stream"
        title={url ? rt(ctx.locale, "streamLabel") : rt(ctx.locale, "noAddress")}
        detail={url}
        frame={widget}
      />
    );
  if (!url) return null;
  return <StreamPlayer widget={widget} sceneId={sceneId} url={url} />;
}

type StreamState = "playing" | "unsupported" | "error";

function StreamPlayer({ widget, sceneId, url }: WidgetComponentProps<"stream"> & { url: string }) {
  const ctx = useRender();
  const report = usePlayReporter(widget.id, sceneId);
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<StreamState>("playing");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt connects again
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let destroy: (() => void) | null = null;
    setState("playing");
    const fail = (message: string) => {
      if (!alive) return;
      report.error(message);
      setState("error");
      clearTimeout(timer);
      timer = setTimeout(() => setAttempt((n) => n + 1), RESTART_MS);
    };
    const onNativeError = () => fail(video.error?.message || "stream error");
    if (typeof video.canPlayType === "function" && video.canPlayType("application/vnd.apple.mpegurl")) {
      video.addEventListener("error", onNativeError);
      video.src = url;
      startPlayback(video);
    } else {
      import("hls.js")
        .then(({ default: Hls }) => {
          if (!alive) return;
          if (!Hls.isSupported()) {
            report.error("HLS is not supported here");
            setState("unsupported");
            return;
          }
          const hls = new Hls();
          destroy = () => hls.destroy();
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
              report.error(`stream network error: ${data.details}`);
              clearTimeout(timer);
              timer = setTimeout(() => hls.startLoad(), NETWORK_RETRY_MS);
            } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
            else fail(`stream error: ${data.details}`);
          });
          hls.loadSource(url);
          hls.attachMedia(video);
          startPlayback(video);
        })
        .catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
    }
    return () => {
      alive = false;
      clearTimeout(timer);
      video.removeEventListener("error", onNativeError);
      destroy?.();
      releaseMedia(video);
    };
  }, [url, attempt, report]);

  return (
    <div style={{ position: "absolute", inset: 0, overflow: "hidden" }}>
      <video
        ref={ref}
        autoPlay
        muted={widget.props.muted}
        playsInline
        disablePictureInPicture
        style={{ width: "100%", height: "100%", objectFit: widget.props.fit, display: "block" }}
      />
      {state !== "playing" ? (
        <Placeholder
          state="error"
          icon="stream"
          title={rt(ctx.locale, state === "unsupported" ? "streamUnsupported" : "streamError")}
          detail={url}
          frame={widget}
        />
      ) : null}
    </div>
  );
}
