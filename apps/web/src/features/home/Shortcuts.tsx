import {
  CloudUploadOutlined,
  DesktopOutlined,
  FormOutlined,
  ScheduleOutlined,
  VideoCameraAddOutlined,
} from "@ant-design/icons";
import { Button, Card, Flex } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** The common tasks, by the route that does each (only those the user may open are shown). */
export const SHORTCUTS: ReadonlyArray<{ route: string; key: string; icon: ReactNode }> = [
  { route: "materialManage", key: "upload", icon: <CloudUploadOutlined /> },
  { route: "progMake", key: "program", icon: <VideoCameraAddOutlined /> },
  { route: "PlanMake", key: "plan", icon: <ScheduleOutlined /> },
  { route: "messageMake", key: "message", icon: <FormOutlined /> },
  { route: "terminalMonitor", key: "monitor", icon: <DesktopOutlined /> },
];

/** Buttons to the common tasks the user may open; nothing when there is none. */
export function Shortcuts({ pathOf }: { pathOf: (name: string) => string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = SHORTCUTS.flatMap((s) => {
    const path = pathOf(s.route);
    return path ? [{ ...s, path }] : [];
  });
  if (!shown.length) return null;
  return (
    <Card title={t("home.shortcuts.title")} data-testid="home-shortcuts" size="small">
      <Flex wrap gap={8}>
        {shown.map((s) => (
          <Button
            key={s.route}
            icon={s.icon}
            onClick={() => navigate(s.path)}
            data-testid={`home-shortcut-${s.route}`}
            data-path={s.path}
          >
            {t(`home.shortcuts.${s.key}`)}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
