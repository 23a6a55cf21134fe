export { BackgroundView } from "./BackgroundView";
// Screen truth (issue 24): the DOM painter the player's screenshot and the console's expected picture share.
export { drawElement, isPainted, type Placement, placeFit, rotationOf, wordsOf } from "./capture";
export { RenderProvider, useRender } from "./context";
export { DefaultButtons, defaultButtonsOf } from "./DefaultButtons";
export { localeTag, RENDERER_MESSAGES, type RtKey, rt } from "./i18n";
export { MessageView, type MessageViewProps } from "./MessageView";
export { type PreviewState, ProgramPlayer, type ProgramPlayerProps } from "./ProgramPlayer";
export {
  hasTimedMedia,
  initialPlayerState,
  isTimedWidget,
  MAX_POPUPS,
  mainScenes,
  type PlayerAction,
  type PlayerState,
  reducePlayer,
  topShowing,
  waitsForMedia,
} from "./runtime";
export { type Box, fitScale, ScaledStage, type ScaledStageProps } from "./ScaledStage";
export { SceneView, type SceneViewProps } from "./SceneView";
export { DataSourcesProvider } from "./scope";
export * from "./types";
export { WidgetView, type WidgetViewProps } from "./WidgetView";
