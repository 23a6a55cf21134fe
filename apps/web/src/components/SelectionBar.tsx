import { DeleteOutlined, SendOutlined } from "@ant-design/icons";
import type { Permission } from "@marquee/contracts";
import { Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "./AuthButton";

/**
 * The batch actions of a reviewed-content list (programs, plans, messages):
 * submit the selection for review, delete it, how many are selected, clear.
 * `keys` is the list's catalogue prefix (e.g. "playPlan.list"): it holds
 * submitSelected, deleteSelected, selected and clearSelection.
 */
export function SelectionBar({
  count,
  submittable,
  permissions,
  keys,
  testId,
  onSubmit,
  onDelete,
  onClear,
}: {
  count: number;
  /** How many of the selected can be submitted (drafts and rejected ones). */
  submittable: number;
  permissions: { view: Permission; edit: Permission; remove: Permission };
  keys: string;
  /** Test ids: `<testId>-batch-submit`, `<testId>-batch-delete`, `<testId>-selected`. */
  testId: string;
  onSubmit: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap size="small">
      <AuthButton
        operation={permissions.edit}
        routePermission={permissions.view}
        label={t(`${keys}.submitSelected`)}
        icon={<SendOutlined />}
        disabled={submittable === 0}
        onClick={onSubmit}
        data-testid={`${testId}-batch-submit`}
      />
      <AuthButton
        operation={permissions.remove}
        routePermission={permissions.view}
        label={t(`${keys}.deleteSelected`)}
        icon={<DeleteOutlined />}
        danger
        disabled={count === 0}
        onClick={onDelete}
        data-testid={`${testId}-batch-delete`}
      />
      <Typography.Text type="secondary" data-testid={`${testId}-selected`}>
        {t(`${keys}.selected`, { count })}
      </Typography.Text>
      {count > 0 && (
        <Button type="link" size="small" onClick={onClear}>
          {t(`${keys}.clearSelection`)}
        </Button>
      )}
    </Space>
  );
}
