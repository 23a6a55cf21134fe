import type { HomeAlarms } from "@marquee/contracts";
import { Card, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dateTime } from "../../components/dateTime";
import { STATUS_PALETTE } from "../../config/statusColors";
import { alarmMessage, KIND_COLOR } from "../alarm/alarmText";
import { Figure } from "./Figure";
import { Rows } from "./Rows";

/** Open alarms of the user's range and the newest five; the figure opens alarm management (open by default). */
export function AlarmsCard({ data, alarmsPath }: { data: HomeAlarms; alarmsPath: string | null }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t("home.alarms.title")}
      data-testid="home-alarms"
      style={{ height: "100%" }}
      extra={alarmsPath ? <Link to={alarmsPath}>{t("home.alarms.viewAll")}</Link> : null}
    >
      <Figure
        label={t("home.alarms.open")}
        value={data.open}
        color={data.open ? STATUS_PALETTE.fault : STATUS_PALETTE.online}
        to={alarmsPath}
        testId="home-alarms-open"
      />
      <div style={{ marginTop: 8 }}>
        <Rows
          items={data.latest}
          empty={t("home.alarms.none")}
          rowKey={(a) => a.id}
          testId={(a) => `home-alarm-${a.id}`}
          render={(a) => (
            <>
              <Tag color={KIND_COLOR[a.kind]}>{t(`alarm.kind.${a.kind}`)}</Tag>
              <Typography.Text strong>{a.terminalName}</Typography.Text>
              <Typography.Text type="secondary" style={{ float: "right" }}>
                {dateTime(a.lastAt)}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0 }}>
                {alarmMessage(a, t)}
              </Typography.Paragraph>
            </>
          )}
        />
      </div>
    </Card>
  );
}
