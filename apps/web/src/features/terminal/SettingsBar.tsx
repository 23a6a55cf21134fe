import {
  CameraOutlined,
  ClearOutlined,
  CloudDownloadOutlined,
  DeleteOutlined,
  FileExcelOutlined,
  MessageOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SettingOutlined,
} from "@ant-design/icons";
import type { Permission } from "@marquee/contracts";
import { Button, Divider, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { SETTING_ROUTE_PERMISSION, TERMINAL_PERMISSIONS } from "./permissions";

/** The actions of the settings screen on the selected terminals. */
export const SETTING_ACTIONS = [
  "settings",
  "reboot",
  "refresh",
  "clear",
  "screenshot",
  "playProgram",
  "playMessage",
  "deleteFiles",
  "update",
  "remove",
] as const;
export type SettingAction = (typeof SETTING_ACTIONS)[number];

/** The operation (permission) each action needs. */
export const ACTION_PERMISSION: Record<SettingAction, Permission> = {
  settings: TERMINAL_PERMISSIONS.settings,
  reboot: TERMINAL_PERMISSIONS.command,
  refresh: TERMINAL_PERMISSIONS.command,
  clear: TERMINAL_PERMISSIONS.command,
  screenshot: TERMINAL_PERMISSIONS.screenshot,
  playProgram: TERMINAL_PERMISSIONS.command,
  playMessage: TERMINAL_PERMISSIONS.command,
  deleteFiles: TERMINAL_PERMISSIONS.command,
  update: TERMINAL_PERMISSIONS.upgrade,
  remove: TERMINAL_PERMISSIONS.remove,
};

const ICONS: Record<SettingAction, ReactNode> = {
  settings: <SettingOutlined />,
  reboot: <PoweroffOutlined />,
  refresh: <ReloadOutlined />,
  clear: <ClearOutlined />,
  screenshot: <CameraOutlined />,
  playProgram: <PlayCircleOutlined />,
  playMessage: <MessageOutlined />,
  deleteFiles: <FileExcelOutlined />,
  update: <CloudDownloadOutlined />,
  remove: <DeleteOutlined />,
};

/** Where a divider goes before an action (settings | commands | play now | files and player | removal). */
const GROUP_STARTS: ReadonlySet<SettingAction> = new Set(["reboot", "playProgram", "deleteFiles", "remove"]);

/** The toolbar acting on the selection, each action guarded by its permission. */
export function SettingsBar({
  count,
  onAction,
  onClear,
}: {
  count: number;
  onAction: (action: SettingAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap size="small" data-testid="terminal-setting-bar">
      <Typography.Text type="secondary" data-testid="terminal-selected">
        {t("terminal.batch.selected", { count })}
      </Typography.Text>
      {count > 0 && (
        <Button type="link" size="small" onClick={onClear}>
          {t("terminal.batch.clear")}
        </Button>
      )}
      {SETTING_ACTIONS.map((action) => (
        <Space key={action} size="small">
          {GROUP_STARTS.has(action) && <Divider orientation="vertical" />}
          <AuthButton
            size="small"
            type={action === "settings" ? "primary" : "default"}
            danger={action === "remove"}
            disabled={count === 0}
            operation={ACTION_PERMISSION[action]}
            routePermission={SETTING_ROUTE_PERMISSION}
            label={t(`terminal.actions.${action}`)}
            icon={ICONS[action]}
            onClick={() => onAction(action)}
            data-testid={`terminal-action-${action}`}
          />
        </Space>
      ))}
    </Space>
  );
}
