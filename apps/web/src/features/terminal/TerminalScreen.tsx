import type { Locale } from "@marquee/contracts";
import { Segmented, Space } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentPage } from "../../router/currentPage";
import { flattenRoutes } from "../../router/routes";
import { useSession } from "../../stores/session";
import { MonitorPanel } from "./MonitorPanel";
import { availableModes, modeOf, type TerminalMode } from "./modes";
import { SettingPanel } from "./SettingPanel";

/**
 * The terminal screen (spec §2: terminal manage, monitor, info and setting share one screen). Each route
 * name opens its mode: monitoring, information or settings; terminalManage the first the user may open.
 * The modes the user may open are switched at the top; the screen stays open as they change.
 */
export default function TerminalScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentPage();
  const routesConfig = useSession((s) => s.routesConfig);
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  const modes = useMemo(
    () => availableModes(flattenRoutes(routesConfig), permissions, roles),
    [routesConfig, permissions, roles],
  );
  const mode = modeOf(current?.name, modes);

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {modes.length > 1 && (
        <Segmented<TerminalMode>
          value={mode}
          onChange={(next) => {
            const target = modes.find((m) => m.mode === next);
            if (target) navigate(target.page.path);
          }}
          options={modes.map(({ mode: m, page }) => ({
            value: m,
            label: page.titles?.[i18n.language as Locale] || t(`routes.${page.name}`),
          }))}
          data-testid="terminal-modes"
        />
      )}
      {mode === "setting" ? <SettingPanel /> : <MonitorPanel view={mode} />}
    </Space>
  );
}
