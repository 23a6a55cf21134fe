import type { ButtonAction, WidgetOf, WidgetType } from "@marquee/program";

/** Props every widget type's component takes: its widget, its scene, and the scene's callbacks. */
export interface WidgetComponentProps<T extends WidgetType> {
  widget: WidgetOf<T>;
  sceneId: string;
  onButton?: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
  onMediaEnded?: (widgetId: string) => void;
}
