import type { CSSProperties } from "react";
import { useState } from "react";
import { useRender } from "../context";
import { useInterval } from "../hooks";
import { useRendererStyles } from "../styles";
import type { MediaInfo } from "../types";
import { MissingMedia, NoMaterial } from "./media";
import type { WidgetComponentProps } from "./types";

const EFFECT_MS = { none: 0, fade: 800, slide: 600 } as const;

/**
 * Images one after another every `intervalSec` (preview/play), with a fade or
 * a slide; the editor shows the first. Images the host does not have are
 * skipped; only when none is left does the widget say the media is missing.
 */
export function CarouselWidget({ widget, sceneId }: WidgetComponentProps<"carousel">) {
  useRendererStyles();
  const ctx = useRender();
  const p = widget.props;
  const images = p.materialIds.flatMap((id) => {
    const m = ctx.media(id);
    return m?.url ? [{ ...m, url: m.url }] : [];
  });
  const [step, setStep] = useState(0);
  const cycling = ctx.mode !== "edit" && images.length > 1;
  useInterval(() => setStep((s) => s + 1), cycling ? p.intervalSec * 1000 : null);
  const first = p.materialIds[0];
  if (first === undefined) return <NoMaterial widget={widget} />;
  if (images.length === 0) return <MissingMedia widget={widget} sceneId={sceneId} materialId={first} />;
  const n = images.length;
  const at = (s: number) => images[((s % n) + n) % n] as MediaInfo & { url: string };
  if (!cycling) return <Slide image={at(0)} fit={p.fit} />;
  const ms = Math.min(EFFECT_MS[p.effect], (p.intervalSec * 1000) / 2);
  const inAnim = p.effect === "fade" ? "mq-fade-in" : p.effect === "slide" ? "mq-from-right" : null;
  const outAnim = p.effect === "slide" ? "mq-to-left" : null;
  const anim = (name: string | null): CSSProperties =>
    name && ms > 0 ? { animation: `${name} ${ms}ms ease-in-out both` } : {};
  return (
    <div style={{ position: "absolute", inset: 0, overflow: "hidden" }}>
      {step > 0 && p.effect !== "none" ? (
        <Slide key={step - 1} image={at(step - 1)} fit={p.fit} style={anim(outAnim)} />
      ) : null}
      <Slide key={step} image={at(step)} fit={p.fit} style={step > 0 ? anim(inAnim) : {}} />
      {/* The next image, loaded ahead so it is decoded when its turn comes. */}
      <img src={at(step + 1).url} alt="" aria-hidden="true" style={{ display: "none" }} />
    </div>
  );
}

function Slide({
  image,
  fit,
  style,
}: {
  image: MediaInfo & { url: string };
  fit: CSSProperties["objectFit"];
  style?: CSSProperties;
}) {
  return (
    <img
      src={image.url}
      alt={image.name}
      draggable={false}
      decoding="async"
      style={{
        position: "absolute",
        inset: 0,
        width: "100%",
        height: "100%",
        objectFit: fit,
        display: "block",
        ...style,
      }}
    />
  );
}
