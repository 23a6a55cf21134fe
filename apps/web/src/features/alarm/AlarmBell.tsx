import { AlertOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Tooltip } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { absolute, flattenRoutes } from "../../router/routes";
import { useSession } from "../../stores/session";
import { alarmMessage } from "./alarmText";
import { alarmApi } from "./api";

/** How often the header asks for open alarms. */
export const ALARM_POLL_MS = 60_000;
/** Where the alarm page lives when the menu does not say (spec §2: abnormalAlarm/abnormalAlarmList under sysManage). */
const FALLBACK_PATH = "/sysManage/abnormalAlarm/abnormalAlarmList";

/**
 * The header's alarm bell: the number of open alarms in the caller's range
 * (askIsHaveAbnormalAlarm, every minute), the latest in its tooltip; a click
 * opens alarm management. The layout shows it only with terminal:alarm:view.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routesConfig = useSession((s) => s.routesConfig);
  const target = useMemo(
    () => flattenRoutes(routesConfig).find((p) => p.name === "alarmManagement")?.path ?? FALLBACK_PATH,
    [routesConfig],
  );
  const ask = useQuery({
    queryKey: ["alarm", "ask"],
    queryFn: alarmApi.ask,
    refetchInterval: ALARM_POLL_MS,
  });
  const count = ask.data?.count ?? 0;
  const latest = ask.data?.latest;
  const title =
    count === 0
      ? t("alarm.bell.none")
      : latest
        ? t("alarm.bell.latest", {
            count,
            kind: t(`alarm.kind.${latest.kind}`),
            name: latest.terminalName,
            message: alarmMessage({ kind: latest.kind, message: latest.message, detail: null }, t),
          })
        : t("alarm.bell.count", { count });
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        onClick={() => navigate(absolute(target))}
        aria-label={t("alarm.bell.label", { count })}
        data-testid="alarm-bell"
      >
        <Badge count={count} size="small" overflowCount={99} data-testid="alarm-bell-count">
          <AlertOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
