import { MoreOutlined } from "@ant-design/icons";
import { Button, Dropdown, type MenuProps, Space, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ContentKind } from "./kind";

/** Whether a row's action is available, and if not why (each kind has its reasons). */
export type RowAvailability = { enabled: true } | { enabled: false; reason: string };

/** An icon button of a row. */
export interface RowButton<A extends RowAvailability> {
  key: string;
  icon: ReactNode;
  label: string;
  availability: A;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}

/** An entry of a row's "More actions" menu: an action, or (without availability) a label of its own such as a link. */
export type RowMenuEntry<A extends RowAvailability> =
  | {
      key: string;
      icon: ReactNode;
      label: ReactNode;
      availability?: A;
      onClick?: () => void;
      danger?: boolean;
      /** On the entry's label. */
      testId?: string;
    }
  | "divider";

/**
 * The actions of one row of reviewed content (programs, plans, messages): icon
 * buttons, then the kind's "More actions" menu. An action that is not available is
 * disabled with the reason as its title (`reason`, in the kind's words).
 */
export function RowActions<A extends RowAvailability>({
  kind,
  buttons,
  menu,
  reason,
}: {
  kind: ContentKind;
  buttons: RowButton<A>[];
  menu: RowMenuEntry<A>[];
  reason: (a: A) => string | undefined;
}) {
  const { t } = useTranslation();
  const items: MenuProps["items"] = menu.map((e) =>
    e === "divider"
      ? { type: "divider" }
      : e.availability
        ? {
            key: e.key,
            icon: e.icon,
            danger: e.danger,
            disabled: !e.availability.enabled,
            label: (
              <span title={reason(e.availability)} data-testid={e.testId}>
                {e.label}
              </span>
            ),
          }
        : { key: e.key, icon: e.icon, label: e.label },
  );
  const onMenu: MenuProps["onClick"] = ({ key }) => {
    for (const e of menu) if (e !== "divider" && e.key === key) e.onClick?.();
  };
  return (
    <Space size={0}>
      {buttons.map((b) => (
        <Tooltip key={b.key} title={reason(b.availability) ?? b.label}>
          <Button
            type="text"
            size="small"
            icon={b.icon}
            danger={b.danger}
            aria-label={b.label}
            disabled={!b.availability.enabled}
            onClick={b.onClick}
            data-testid={b.testId}
          />
        </Tooltip>
      ))}
      <Dropdown menu={{ items, onClick: onMenu }} trigger={["click"]}>
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t(`${kind.keys}.actions.more`)}
          data-testid={`${kind.testId}-more`}
        />
      </Dropdown>
    </Space>
  );
}
