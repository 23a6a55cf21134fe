import { type ButtonAction, type ProgramDoc, paintOrder, type Scene, type Widget } from "@marquee/program";
import { memo, useCallback, useEffect, useMemo, useRef } from "react";
import { BackgroundView } from "./BackgroundView";
import { DefaultButtons } from "./DefaultButtons";
import { useLatest } from "./hooks";
import { isTimedWidget } from "./runtime";
import { DataSourcesProvider } from "./scope";
import { useRendererStyles } from "./styles";
import { WidgetView } from "./WidgetView";

/** Props of SceneView. */
export interface SceneViewProps {
  program: ProgramDoc;
  scene: Scene;
  /** A button was pressed (preview/play). */
  onButton?: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
  /** Every timed media widget of the scene has ended once (for "until all media ended"). */
  onMediaDone?: () => void;
}

type OnButton = NonNullable<SceneViewProps["onButton"]>;

/**
 * One widget's wrapper, placed with a transform (never left/top) so the editor
 * can move it directly during a gesture. Memoised with its widget.
 */
const WidgetSlot = memo(function WidgetSlot({
  widget,
  sceneId,
  onButton,
  onMediaEnded,
}: {
  widget: Widget;
  sceneId: string;
  onButton: OnButton;
  onMediaEnded: (widgetId: string) => void;
}) {
  return (
    <div
      className="mq-widget"
      data-widget-id={widget.id}
      style={{
        position: "absolute",
        left: 0,
        top: 0,
        width: widget.w,
        height: widget.h,
        transform: `translate(${widget.x}px, ${widget.y}px) rotate(${widget.rotation}deg)`,
        zIndex: widget.z,
      }}
    >
      <WidgetView widget={widget} sceneId={sceneId} onButton={onButton} onMediaEnded={onMediaEnded} />
    </div>
  );
});

/**
 * A scene at design size (program.width × program.height): the program's
 * background (main scenes), the scene's background, the widgets in paint
 * order, and the enabled default buttons on top. The host scales it.
 */
export const SceneView = memo(function SceneView({ program, scene, onButton, onMediaDone }: SceneViewProps) {
  useRendererStyles();
  const buttonRef = useLatest(onButton);
  const doneRef = useLatest(onMediaDone);
  const timed = useMemo(() => scene.widgets.filter(isTimedWidget).map((w) => w.id), [scene]);
  const timedRef = useLatest(timed);
  const ended = useRef(new Set<string>());
  const reported = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different scene in the same view starts its media count afresh.
  useEffect(() => {
    ended.current = new Set();
    reported.current = false;
  }, [scene.id]);

  const handleButton = useCallback<OnButton>(
    (action, target, widgetId) => buttonRef.current?.(action, target, widgetId),
    [buttonRef],
  );
  const handleMediaEnded = useCallback(
    (widgetId: string) => {
      ended.current.add(widgetId);
      const need = timedRef.current;
      if (reported.current || need.length === 0 || !need.every((id) => ended.current.has(id))) return;
      reported.current = true;
      doneRef.current?.();
    },
    [timedRef, doneRef],
  );

  const widgets = useMemo(() => paintOrder(scene).filter((w) => !w.hidden), [scene]);
  return (
    <div
      className="mq-scene"
      data-scene-id={scene.id}
      style={{
        position: "relative",
        width: program.width,
        height: program.height,
        overflow: "hidden",
        // Its own stacking context: widget z-indexes never reach across scenes laid over each other.
        isolation: "isolate",
      }}
    >
      {scene.kind === "main" ? <BackgroundView background={program.background} /> : null}
      <BackgroundView background={scene.background} />
      <DataSourcesProvider value={program.dataSources}>
        {widgets.map((w) => (
          <WidgetSlot
            key={w.id}
            widget={w}
            sceneId={scene.id}
            onButton={handleButton}
            onMediaEnded={handleMediaEnded}
          />
        ))}
      </DataSourcesProvider>
      <DefaultButtons program={program} scene={scene} onButton={handleButton} />
    </div>
  );
});
