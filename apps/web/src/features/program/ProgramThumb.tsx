import { PictureOutlined } from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { theme } from "antd";
import { canvasLabel, fitBox } from "./canvas";

/** A program's thumbnail; before the server has rendered one, a placeholder in the canvas's ratio. */
export function ProgramThumb({
  program,
  width,
  height,
}: {
  program: Pick<ProgramSummary, "name" | "width" | "height" | "thumbUrl">;
  /** The area's size; a number, or "100%" for the width of a card. */
  width: number | "100%";
  height: number;
}) {
  const { token } = theme.useToken();
  const area = {
    width,
    height,
    flex: "none",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    overflow: "hidden",
    background: token.colorFillTertiary,
    borderRadius: token.borderRadius,
  } as const;
  if (program.thumbUrl) {
    return (
      <div style={area}>
        <img
          src={program.thumbUrl}
          alt={program.name}
          loading="lazy"
          style={{ width: "100%", height: "100%", objectFit: "contain" }}
        />
      </div>
    );
  }
  // The placeholder is drawn for a nominal area; a wider card only adds margin around it.
  const box = fitBox(
    program.width,
    program.height,
    (width === "100%" ? height * 1.6 : width) * 0.85,
    height * 0.8,
  );
  return (
    <div style={area} aria-hidden>
      <div
        style={{
          ...box,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: 2,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorBgContainer,
          color: token.colorTextTertiary,
          fontSize: Math.max(10, Math.min(14, box.height / 5)),
          overflow: "hidden",
        }}
      >
        <PictureOutlined style={{ fontSize: Math.min(28, box.height / 3) }} />
        {box.height >= 40 && box.width >= 60 && <span>{canvasLabel(program.width, program.height)}</span>}
      </div>
    </div>
  );
}
