import { useRef, useState } from "react";
import { useRender } from "../context";
import { usePlayReporter } from "../hooks";
import { rt } from "../i18n";
import { MissingMedia, NoMaterial, useMaterial, useMediaPlayback } from "./media";
import { Placeholder } from "./Placeholder";
import type { WidgetComponentProps } from "./types";

/** A video: paused on its first frame in the editor; playing (loop, volume, muted as set) elsewhere. */
export function VideoWidget({ widget, sceneId, onMediaEnded }: WidgetComponentProps<"video">) {
  const material = useMaterial(widget.props.materialId);
  const ended = () => onMediaEnded?.(widget.id);
  if (material.state === "none") return <NoMaterial widget={widget} />;
  if (material.state === "missing")
    return <MissingMedia widget={widget} sceneId={sceneId} materialId={material.id} onGone={ended} />;
  return (
    <VideoPlayer
      widget={widget}
      sceneId={sceneId}
      onMediaEnded={onMediaEnded}
      src={material.media.url}
      materialId={material.media.id}
    />
  );
}

function VideoPlayer({
  widget,
  sceneId,
  onMediaEnded,
  src,
  materialId,
}: WidgetComponentProps<"video"> & { src: string; materialId: number }) {
  const ctx = useRender();
  const ref = useRef<HTMLVideoElement>(null);
  const report = usePlayReporter(widget.id, sceneId);
  const [failed, setFailed] = useState<string | null>(null);
  const edit = ctx.mode === "edit";
  const p = widget.props;
  useMediaPlayback(ref, src, report, {
    active: !edit,
    materialId,
    loop: p.loop,
    volume: p.volume,
    muted: edit || p.muted,
    onEnded: () => onMediaEnded?.(widget.id),
    onError: (message) => {
      report.error(message);
      setFailed(message);
    },
  });
  if (failed !== null)
    return <Placeholder state="error" title={rt(ctx.locale, "mediaError")} detail={failed} frame={widget} />;
  return (
    <video
      ref={ref}
      // In the editor, a media fragment makes the browser decode and show the first frame.
      src={edit ? `${src}#t=0.1` : src}
      autoPlay={!edit}
      loop={!edit && p.loop}
      muted={edit || p.muted}
      playsInline
      preload={edit ? "metadata" : "auto"}
      disablePictureInPicture
      style={{ width: "100%", height: "100%", objectFit: p.fit, display: "block", background: "transparent" }}
    />
  );
}
