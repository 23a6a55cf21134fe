import {
  CloudUploadOutlined,
  DesktopOutlined,
  FormOutlined,
  ScheduleOutlined,
  VideoCameraAddOutlined,
} from "@ant-design/icons";
import type { Permission } from "@marquee/contracts";
import { Button, Card, Flex } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { can } from "../../access/authority";
import { useSession } from "../../stores/session";

/**
 * The common tasks, by the route that does each, and the operation the task needs on that page
 * when opening it is not enough (a reviewer opens the materials but may not upload): only those
 * the user may open and do are shown.
 */
export const SHORTCUTS: ReadonlyArray<{
  route: string;
  key: string;
  icon: ReactNode;
  operation?: Permission;
}> = [
  {
    route: "materialManage",
    key: "upload",
    icon: <CloudUploadOutlined />,
    operation: "content:material:upload",
  },
  { route: "progMake", key: "program", icon: <VideoCameraAddOutlined /> },
  { route: "PlanMake", key: "plan", icon: <ScheduleOutlined /> },
  { route: "messageMake", key: "message", icon: <FormOutlined /> },
  { route: "terminalMonitor", key: "monitor", icon: <DesktopOutlined /> },
];

/** Buttons to the common tasks the user may open; nothing when there is none. */
export function Shortcuts({ pathOf }: { pathOf: (name: string) => string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions, roles } = useSession();
  const shown = SHORTCUTS.flatMap((s) => {
    const path = pathOf(s.route);
    if (s.operation && !can(s.operation, undefined, permissions, roles).can) return [];
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
