import type { ReactNode } from "react";

/**
 * A card's title with its toolbar in one wrapping row: the title keeps a
 * readable width and the toolbar moves under it when both do not fit, rather
 * than the toolbar (antd's `extra`) squeezing a long title (Russian, French)
 * into three or four lines.
 */
export function CardHead({
  title,
  toolbar,
  testId,
}: {
  title: ReactNode;
  toolbar?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      style={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        justifyContent: "space-between",
        columnGap: 12,
        rowGap: 4,
        padding: "6px 0",
        whiteSpace: "normal",
      }}
      data-testid={testId && `${testId}-head`}
    >
      <div style={{ flex: "1 1 240px", minWidth: 0 }}>{title}</div>
      {toolbar && (
        <div style={{ flex: "0 0 auto", fontWeight: "normal" }} data-testid={testId && `${testId}-toolbar`}>
          {toolbar}
        </div>
      )}
    </div>
  );
}
