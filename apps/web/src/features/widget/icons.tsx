import {
  AimOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  QrcodeOutlined,
  SoundOutlined,
  SwapLeftOutlined,
  TableOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import type { WidgetTypeInfo } from "@marquee/contracts";
import type { ComponentType } from "react";

/** The icons WIDGET_SPECS names (an explicit map keeps the whole icon set out of the bundle). */
export const WIDGET_ICONS: Record<string, ComponentType> = {
  AimOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  QrcodeOutlined,
  SoundOutlined,
  SwapLeftOutlined,
  TableOutlined,
  VideoCameraOutlined,
};

/** A widget type's palette image: the tenant's own image, else the catalogue's icon. */
export function WidgetIcon({
  info,
  size = 32,
  alt,
}: {
  info: Pick<WidgetTypeInfo, "icon" | "iconUrl">;
  size?: number;
  alt: string;
}) {
  if (info.iconUrl) {
    return (
      <img
        src={info.iconUrl}
        alt={alt}
        width={size}
        height={size}
        style={{ objectFit: "contain", flex: "none" }}
      />
    );
  }
  const Icon = WIDGET_ICONS[info.icon] ?? AppstoreOutlined;
  return (
    <span
      aria-hidden
      style={{ fontSize: size * 0.75, lineHeight: 1, width: size, textAlign: "center", flex: "none" }}
    >
      <Icon />
    </span>
  );
}
