import { useState } from "react";
import { useRender } from "../context";
import { usePlayReporter } from "../hooks";
import { rt } from "../i18n";
import { MissingMedia, NoMaterial, useMaterial } from "./media";
import { Placeholder } from "./Placeholder";
import type { WidgetComponentProps } from "./types";

/** An image of the library, fitted into the widget with its opacity and rounded corners. */
export function ImageWidget({ widget, sceneId }: WidgetComponentProps<"image">) {
  const ctx = useRender();
  const report = usePlayReporter(widget.id, sceneId);
  const material = useMaterial(widget.props.materialId);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (material.state === "none") return <NoMaterial widget={widget} />;
  if (material.state === "missing")
    return <MissingMedia widget={widget} sceneId={sceneId} materialId={material.id} />;
  const { url } = material.media;
  if (failedSrc === url)
    return (
      <Placeholder
        state="error"
        title={rt(ctx.locale, "mediaError")}
        detail={material.media.name}
        frame={widget}
      />
    );
  const p = widget.props;
  return (
    <img
      src={url}
      alt={material.media.name}
      draggable={false}
      decoding="async"
      onError={() => {
        report.error(`image failed to load: ${material.media.id}`);
        setFailedSrc(url);
      }}
      style={{
        display: "block",
        width: "100%",
        height: "100%",
        objectFit: p.fit,
        opacity: p.opacity,
        borderRadius: p.borderRadius,
      }}
    />
  );
}
