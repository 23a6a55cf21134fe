import { type ButtonAction, type ProgramDoc, paintOrder, type Scene } from "@marquee/program";
import { memo } from "react";
import { WidgetView } from "./WidgetView";

export interface SceneViewProps {
  program: ProgramDoc;
  scene: Scene;
  /** A button was pressed (preview/play). */
  onButton?: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
  /** Every timed media widget of the scene has ended once (for "until all media ended"). */
  onMediaDone?: () => void;
}

/**
 * A scene at design size (program.width × program.height): background, then
 * the widgets in paint order, each in a wrapper `div.mq-widget[data-widget-id]`
 * placed with `transform: translate(x, y) rotate(r)` (no left/top), so the
 * editor can move wrappers directly during a gesture. The host scales it.
 * STUB: the renderer issue replaces this file.
 */
export const SceneView = memo(function SceneView({ program, scene }: SceneViewProps) {
  return (
    <div
      className="mq-scene"
      style={{ position: "relative", width: program.width, height: program.height, overflow: "hidden" }}
    >
      {paintOrder(scene).map((w) => (
        <div
          key={w.id}
          className="mq-widget"
          data-widget-id={w.id}
          style={{
            position: "absolute",
            left: 0,
            top: 0,
            width: w.w,
            height: w.h,
            transform: `translate(${w.x}px, ${w.y}px) rotate(${w.rotation}deg)`,
            zIndex: w.z,
          }}
        >
          <WidgetView widget={w} sceneId={scene.id} />
        </div>
      ))}
    </div>
  );
});
