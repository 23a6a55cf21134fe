import {
  CustomerServiceOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  PictureOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from "@ant-design/icons";
import type { Material, MaterialType } from "@marquee/contracts";
import { theme } from "antd";
import type { ReactNode } from "react";

export const TYPE_ICONS: Record<MaterialType, ReactNode> = {
  image: <PictureOutlined />,
  video: <VideoCameraOutlined />,
  audio: <CustomerServiceOutlined />,
  document: <FilePdfOutlined />,
  web: <GlobalOutlined />,
  stream: <WifiOutlined />,
};

/** A material's thumbnail, or its type's icon when it has none. */
export function MaterialThumb({
  material,
  size,
  fill,
}: {
  material: Material;
  size: number;
  fill?: boolean;
}) {
  const { token } = theme.useToken();
  const box = {
    width: fill ? "100%" : size,
    height: size,
    borderRadius: token.borderRadius,
    background: token.colorFillTertiary,
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    overflow: "hidden",
    flex: "none",
  } as const;
  if (material.thumbUrl) {
    return (
      <div style={box}>
        <img
          src={material.thumbUrl}
          alt={material.name}
          loading="lazy"
          style={{ width: "100%", height: "100%", objectFit: "cover" }}
        />
      </div>
    );
  }
  return (
    <div style={{ ...box, fontSize: size / 2.5, color: token.colorTextTertiary }} aria-hidden>
      {TYPE_ICONS[material.type]}
    </div>
  );
}
