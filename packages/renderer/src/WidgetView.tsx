import type { ButtonAction, Widget, WidgetType } from "@marquee/program";
import { type ComponentType, memo } from "react";
import { useRender } from "./context";
import { rt } from "./i18n";
import { WidgetErrorBoundary } from "./WidgetErrorBoundary";
import { AudioWidget } from "./widgets/AudioWidget";
import { ButtonWidget } from "./widgets/ButtonWidget";
import { CarouselWidget } from "./widgets/CarouselWidget";
import { ClockWidget } from "./widgets/ClockWidget";
import { CountdownWidget } from "./widgets/CountdownWidget";
import { DateWidget } from "./widgets/DateWidget";
import { DocumentWidget } from "./widgets/DocumentWidget";
import { ExchangeWidget } from "./widgets/ExchangeWidget";
import { ImageWidget } from "./widgets/ImageWidget";
import { MarqueeWidget } from "./widgets/MarqueeWidget";
import { Placeholder } from "./widgets/Placeholder";
import { QrCodeWidget } from "./widgets/QrCodeWidget";
import { StreamWidget } from "./widgets/StreamWidget";
import { TableWidget } from "./widgets/TableWidget";
import { TextWidget } from "./widgets/TextWidget";
import type { WidgetComponentProps } from "./widgets/types";
import { VideoWidget } from "./widgets/VideoWidget";
import { WeatherWidget } from "./widgets/WeatherWidget";
import { WebWidget } from "./widgets/WebWidget";

/** Props of WidgetView. */
export interface WidgetViewProps {
  widget: Widget;
  sceneId: string;
  onButton?: (action: ButtonAction, targetSceneId: string | null, widgetId: string) => void;
  /** A timed media widget (video, audio) has played to its end once. */
  onMediaEnded?: (widgetId: string) => void;
}

const VIEWS: { [T in WidgetType]: ComponentType<WidgetComponentProps<T>> } = {
  text: TextWidget,
  marquee: MarqueeWidget,
  image: ImageWidget,
  carousel: CarouselWidget,
  video: VideoWidget,
  audio: AudioWidget,
  web: WebWidget,
  clock: ClockWidget,
  date: DateWidget,
  countdown: CountdownWidget,
  weather: WeatherWidget,
  exchange: ExchangeWidget,
  qrcode: QrCodeWidget,
  table: TableWidget,
  stream: StreamWidget,
  document: DocumentWidget,
  button: ButtonWidget,
};

/**
 * The content of one widget, filling its wrapper (which SceneView places).
 * Memoised on the widget object: editing one widget of a 300-widget scene
 * re-renders that one. A failing widget shows an error in its own box.
 */
export const WidgetView = memo(function WidgetView({
  widget,
  sceneId,
  onButton,
  onMediaEnded,
}: WidgetViewProps) {
  const ctx = useRender();
  const View = VIEWS[widget.type] as ComponentType<WidgetComponentProps<WidgetType>> | undefined;
  return (
    <WidgetErrorBoundary widget={widget} sceneId={sceneId} ctx={ctx}>
      {View ? (
        <View widget={widget} sceneId={sceneId} onButton={onButton} onMediaEnded={onMediaEnded} />
      ) : (
        // A type this renderer does not know (a newer document on an older screen).
        <Placeholder
          state="error"
          title={rt(ctx.locale, "widgetError")}
          detail={String(widget.type)}
          frame={widget}
        />
      )}
    </WidgetErrorBoundary>
  );
});
