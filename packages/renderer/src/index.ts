export { RenderProvider, useRender } from "./context";
export { type PreviewState, ProgramPlayer, type ProgramPlayerProps } from "./ProgramPlayer";
export { SceneView, type SceneViewProps } from "./SceneView";
export * from "./types";
export { WidgetView, type WidgetViewProps } from "./WidgetView";
