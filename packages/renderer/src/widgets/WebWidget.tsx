import { useState } from "react";
import { useRender } from "../context";
import { useInterval } from "../hooks";
import { rt } from "../i18n";
import { MissingMedia, useMaterial } from "./media";
import { Placeholder } from "./Placeholder";
import type { WidgetComponentProps } from "./types";

/**
 * A web page in a frame, zoomed by `zoom` % (the page lays out at the size
 * that the zoom then fills). It reloads every `refreshSec` in preview/play;
 * in the editor it is inert so that a click selects the widget.
 */
export function WebWidget({ widget, sceneId }: WidgetComponentProps<"web">) {
  const ctx = useRender();
  const p = widget.props;
  const material = useMaterial(p.materialId);
  const [loads, setLoads] = useState(0);
  const edit = ctx.mode === "edit";
  useInterval(() => setLoads((n) => n + 1), !edit && p.refreshSec > 0 ? p.refreshSec * 1000 : null);
  if (material.state === "missing")
    return <MissingMedia widget={widget} sceneId={sceneId} materialId={material.id} />;
  const url = material.state === "ok" ? material.media.url : p.url;
  if (!url)
    return edit ? <Placeholder state="empty" title={rt(ctx.locale, "noAddress")} frame={widget} /> : null;
  const k = p.zoom / 100;
  return (
    <div style={{ position: "absolute", inset: 0, overflow: "hidden" }}>
      <iframe
        key={loads}
        src={url}
        title={widget.name || url}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms"
        tabIndex={edit ? -1 : undefined}
        style={{
          border: 0,
          width: `${100 / k}%`,
          height: `${100 / k}%`,
          transform: `scale(${k})`,
          transformOrigin: "0 0",
          pointerEvents: edit ? "none" : "auto",
          background: "#ffffff",
        }}
      />
    </div>
  );
}
