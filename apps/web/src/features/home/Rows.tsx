import { Empty, theme } from "antd";
import type { ReactNode } from "react";

/** A short list of rows with dividers between them, or a note when there is none. */
export function Rows<T>({
  items,
  empty,
  rowKey,
  testId,
  render,
}: {
  items: readonly T[];
  empty: string;
  rowKey: (item: T) => number | string;
  testId: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const { token } = theme.useToken();
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div>
      {items.map((item, i) => (
        <div
          key={rowKey(item)}
          data-testid={testId(item)}
          style={{
            padding: "8px 0",
            borderTop: i ? `1px solid ${token.colorSplit}` : undefined,
          }}
        >
          {render(item)}
        </div>
      ))}
    </div>
  );
}
