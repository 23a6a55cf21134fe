import {
  CameraOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  DragOutlined,
  PlaySquareOutlined,
  ReloadOutlined,
  SoundOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { Button, Divider, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import type { CommandName } from "./api";
import { COMMAND_PERMISSION, TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";

/** What the batch buttons ask the page to do with the selection. */
export interface BatchOps {
  move(): void;
  programs(): void;
  command(name: CommandName): void;
  setDisabled(disabled: boolean): void;
  remove(): void;
  clear(): void;
}

/** Batch actions on the selected terminals (across pages): move, programs, commands, disable/enable, delete. */
export function BatchBar({ count, busy, ops }: { count: number; busy: boolean; ops: BatchOps }) {
  const { t } = useTranslation();
  const none = count === 0 || busy;
  const guard = { routePermission: TERMINAL_ROUTE_PERMISSION, size: "small" as const, disabled: none };
  return (
    <Space wrap size="small" data-testid="terminal-batch">
      <Typography.Text type="secondary" data-testid="terminal-selected">
        {t("terminal.batch.selected", { count })}
      </Typography.Text>
      {count > 0 && (
        <Button type="link" size="small" onClick={ops.clear}>
          {t("terminal.batch.clear")}
        </Button>
      )}
      <Divider orientation="vertical" />
      <AuthButton
        {...guard}
        operation={TERMINAL_PERMISSIONS.edit}
        label={t("terminal.batch.move")}
        icon={<DragOutlined />}
        onClick={ops.move}
        data-testid="terminal-batch-move"
      />
      <AuthButton
        {...guard}
        operation={TERMINAL_PERMISSIONS.edit}
        label={t("terminal.batch.programs")}
        icon={<PlaySquareOutlined />}
        onClick={ops.programs}
        data-testid="terminal-batch-programs"
      />
      <Divider orientation="vertical" />
      <AuthButton
        {...guard}
        operation={COMMAND_PERMISSION.refresh}
        label={t("terminal.commands.refresh")}
        icon={<ReloadOutlined />}
        onClick={() => ops.command("refresh")}
        data-testid="terminal-batch-refresh"
      />
      <AuthButton
        {...guard}
        operation={COMMAND_PERMISSION.screenshot}
        label={t("terminal.commands.screenshot")}
        icon={<CameraOutlined />}
        onClick={() => ops.command("screenshot")}
        data-testid="terminal-batch-screenshot"
      />
      <AuthButton
        {...guard}
        operation={COMMAND_PERMISSION.volume}
        label={t("terminal.commands.volume")}
        icon={<SoundOutlined />}
        onClick={() => ops.command("volume")}
        data-testid="terminal-batch-volume"
      />
      <Divider orientation="vertical" />
      <AuthButton
        {...guard}
        operation={TERMINAL_PERMISSIONS.edit}
        label={t("terminal.batch.disable")}
        icon={<StopOutlined />}
        onClick={() => ops.setDisabled(true)}
        data-testid="terminal-batch-disable"
      />
      <AuthButton
        {...guard}
        operation={TERMINAL_PERMISSIONS.edit}
        label={t("terminal.batch.enable")}
        icon={<CheckCircleOutlined />}
        onClick={() => ops.setDisabled(false)}
        data-testid="terminal-batch-enable"
      />
      <AuthButton
        {...guard}
        operation={TERMINAL_PERMISSIONS.remove}
        label={t("terminal.batch.delete")}
        icon={<DeleteOutlined />}
        danger
        onClick={ops.remove}
        data-testid="terminal-batch-delete"
      />
    </Space>
  );
}
