import { Badge, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One figure of the home page: its label (with a coloured dot when given) and
 * the number, which is a link to the screen behind it when the user may open
 * that screen.
 */
export function Figure({
  label,
  value,
  to,
  color,
  testId,
  size = 24,
}: {
  label: ReactNode;
  value: number;
  to: string | null;
  color?: string;
  testId: string;
  size?: number;
}) {
  const number = (
    <span style={{ fontSize: size, fontWeight: 600, lineHeight: 1.2 }}>{value.toLocaleString()}</span>
  );
  return (
    <div style={{ minWidth: 84 }}>
      <div>
        {color ? (
          <Badge color={color} text={<Typography.Text type="secondary">{label}</Typography.Text>} />
        ) : (
          <Typography.Text type="secondary">{label}</Typography.Text>
        )}
      </div>
      {to ? (
        <Link to={to} data-testid={testId}>
          {number}
        </Link>
      ) : (
        <span data-testid={testId}>{number}</span>
      )}
    </div>
  );
}
