import { useRef, useState } from "react";
import { useRender } from "../context";
import { usePlayReporter } from "../hooks";
import { Icon } from "./icons";
import { MissingMedia, NoMaterial, useMaterial, useMediaPlayback } from "./media";
import type { WidgetComponentProps } from "./types";

/** Background audio: an icon and the material's name in the editor; heard, not seen, elsewhere. */
export function AudioWidget({ widget, sceneId, onMediaEnded }: WidgetComponentProps<"audio">) {
  const ctx = useRender();
  const material = useMaterial(widget.props.materialId);
  if (material.state === "none") return <NoMaterial widget={widget} />;
  if (material.state === "missing")
    return (
      <MissingMedia
        widget={widget}
        sceneId={sceneId}
        materialId={material.id}
        onGone={() => onMediaEnded?.(widget.id)}
      />
    );
  if (ctx.mode === "edit") {
    const size = Math.max(10, Math.min(widget.w, widget.h) * 0.4);
    return (
      <div
        title={material.media.name}
        style={{
          position: "absolute",
          inset: 0,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: size * 0.1,
          overflow: "hidden",
          color: "#ffffff",
          background: "rgba(0,0,0,0.45)",
          fontFamily: "sans-serif",
          fontSize: Math.max(10, size * 0.3),
        }}
      >
        <Icon name="audio" size={size} />
        <div style={{ maxWidth: "100%", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {material.media.name}
        </div>
      </div>
    );
  }
  return (
    <AudioPlayer
      widget={widget}
      sceneId={sceneId}
      onMediaEnded={onMediaEnded}
      src={material.media.url}
      materialId={material.media.id}
    />
  );
}

function AudioPlayer({
  widget,
  sceneId,
  onMediaEnded,
  src,
  materialId,
}: WidgetComponentProps<"audio"> & { src: string; materialId: number }) {
  const ref = useRef<HTMLAudioElement>(null);
  const report = usePlayReporter(widget.id, sceneId);
  const [failed, setFailed] = useState(false);
  useMediaPlayback(ref, src, report, {
    active: true,
    materialId,
    loop: widget.props.loop,
    volume: widget.props.volume,
    muted: false,
    onEnded: () => onMediaEnded?.(widget.id),
    onError: (message) => {
      report.error(message);
      setFailed(true);
    },
  });
  // Audio has nothing to show on a screen: a failure is reported (above), and the element goes away.
  if (failed) return null;
  // biome-ignore lint/a11y/useMediaCaption: background music of a screen, the customer's own material, without captions
  return <audio ref={ref} src={src} autoPlay loop={widget.props.loop} preload="auto" />;
}
