import type { Widget } from "@marquee/program";
import { ExchangeProps, TableProps, WeatherProps } from "./props/data";
import {
  AudioProps,
  CarouselProps,
  DocumentProps,
  ImageProps,
  StreamProps,
  VideoProps,
  WebProps,
} from "./props/media";
import { TextProps } from "./props/TextProps";
import { ButtonProps, MarqueeProps, QrcodeProps } from "./props/textual";
import { ClockProps, CountdownProps, DateProps } from "./props/time";

/** The props editor of a widget's type (all 17 types). */
export function WidgetProps({ widget }: { widget: Widget }) {
  switch (widget.type) {
    case "text":
      return <TextProps widget={widget} />;
    case "marquee":
      return <MarqueeProps widget={widget} />;
    case "image":
      return <ImageProps widget={widget} />;
    case "carousel":
      return <CarouselProps widget={widget} />;
    case "video":
      return <VideoProps widget={widget} />;
    case "audio":
      return <AudioProps widget={widget} />;
    case "web":
      return <WebProps widget={widget} />;
    case "clock":
      return <ClockProps widget={widget} />;
    case "date":
      return <DateProps widget={widget} />;
    case "countdown":
      return <CountdownProps widget={widget} />;
    case "weather":
      return <WeatherProps widget={widget} />;
    case "exchange":
      return <ExchangeProps widget={widget} />;
    case "qrcode":
      return <QrcodeProps widget={widget} />;
    case "table":
      return <TableProps widget={widget} />;
    case "stream":
      return <StreamProps widget={widget} />;
    case "document":
      return <DocumentProps widget={widget} />;
    case "button":
      return <ButtonProps widget={widget} />;
  }
}
