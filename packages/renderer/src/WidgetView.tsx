import type { ButtonAction, Widget } from "@marquee/program";
import { memo } from "react";

export interface WidgetViewProps {
  widget: Widget;
  sceneId: string;
  onButton?: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
  /** A timed media widget (video, audio) has played to its end once. */
  onMediaEnded?: (widgetId: string) => void;
}

/** The content of one widget, filling its wrapper. STUB: the renderer issue replaces this file. */
export const WidgetView = memo(function WidgetView({ widget }: WidgetViewProps) {
  return <div style={{ width: "100%", height: "100%" }}>{widget.type}</div>;
});
