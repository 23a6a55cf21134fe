import Icon from "@ant-design/icons";
import type { ComponentProps } from "react";

/**
 * Toolbar icons antd does not have: aligning and distributing objects, and
 * bringing them to the front or sending them to the back (16×16, current colour).
 */

type IconProps = Omit<ComponentProps<typeof Icon>, "component">;
type Box = [number, number, number, number, number?];

function svg(boxes: Box[]) {
  return () => (
    <svg viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      {boxes.map(([x, y, w, h, opacity]) => (
        <rect
          key={`${x},${y},${w},${h}`}
          x={x}
          y={y}
          width={w}
          height={h}
          rx={0.5}
          fillOpacity={opacity ?? 1}
        />
      ))}
    </svg>
  );
}

const make = (boxes: Box[]) => {
  const component = svg(boxes);
  return (props: IconProps) => <Icon component={component} {...props} />;
};

export const AlignLeftIcon = make([
  [1, 1, 1.5, 14],
  [3.5, 3, 10, 3.5],
  [3.5, 9.5, 6, 3.5],
]);
export const AlignHCenterIcon = make([
  [7.25, 1, 1.5, 14],
  [2, 3, 12, 3.5],
  [4.5, 9.5, 7, 3.5],
]);
export const AlignRightIcon = make([
  [13.5, 1, 1.5, 14],
  [2.5, 3, 10, 3.5],
  [6.5, 9.5, 6, 3.5],
]);
export const AlignTopIcon = make([
  [1, 1, 14, 1.5],
  [3, 3.5, 3.5, 10],
  [9.5, 3.5, 3.5, 6],
]);
export const AlignVCenterIcon = make([
  [1, 7.25, 14, 1.5],
  [3, 2, 3.5, 12],
  [9.5, 4.5, 3.5, 7],
]);
export const AlignBottomIcon = make([
  [1, 13.5, 14, 1.5],
  [3, 2.5, 3.5, 10],
  [9.5, 6.5, 3.5, 6],
]);
export const DistributeHIcon = make([
  [0.5, 1, 1, 14],
  [14.5, 1, 1, 14],
  [3, 4, 3, 8],
  [10, 4, 3, 8],
]);
export const DistributeVIcon = make([
  [1, 0.5, 14, 1],
  [1, 14.5, 14, 1],
  [4, 3, 8, 3],
  [4, 10, 8, 3],
]);
export const BringFrontIcon = make([
  [1, 1, 9, 9, 0.35],
  [6, 6, 9, 9],
]);
export const SendBackIcon = make([
  [1, 1, 9, 9],
  [6, 6, 9, 9, 0.35],
]);
