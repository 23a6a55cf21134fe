import { HOME_REFRESH_MS } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Col, Row, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../stores/session";
import { AlarmsCard } from "./AlarmsCard";
import { homeApi } from "./api";
import { useRoutePaths } from "./links";
import { PublicationsCard } from "./PublicationsCard";
import { ReviewCard } from "./ReviewCard";
import { Shortcuts } from "./Shortcuts";
import { StorageCard } from "./StorageCard";
import { TerminalsCard } from "./TerminalsCard";

/**
 * Home: what an operator needs first, from one call
 * (home/summary), asked again every minute. The server leaves out the blocks
 * whose screens the user may not open, and so does the page; every figure
 * links to the screen behind it.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const pathOf = useRoutePaths();
  const summary = useQuery({
    queryKey: ["home", "summary"],
    queryFn: homeApi.summary,
    refetchInterval: HOME_REFRESH_MS,
  });
  const data = summary.data;
  const monitorPath = pathOf("terminalMonitor");

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <div data-testid="home-welcome">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t("home.welcome", { name: user?.name ?? "" })}
        </Typography.Title>
        {user?.officeName && (
          <Typography.Text type="secondary">
            {t("home.office")}: {user.officeName}
          </Typography.Text>
        )}
      </div>
      <Shortcuts pathOf={pathOf} />
      {summary.isError && !data && <Alert type="error" showIcon title={t("home.loadFailed")} />}
      {!data && summary.isPending && <Skeleton active />}
      {data && (
        <Row gutter={[16, 16]}>
          {data.terminals && (
            <Col xs={24} xl={12}>
              <TerminalsCard data={data.terminals} monitorPath={monitorPath} />
            </Col>
          )}
          {data.alarms && (
            <Col xs={24} lg={12} xl={12}>
              <AlarmsCard data={data.alarms} alarmsPath={pathOf("alarmManagement")} />
            </Col>
          )}
          {data.review && (
            <Col xs={24} lg={12}>
              <ReviewCard data={data.review} pathOf={pathOf} />
            </Col>
          )}
          {(data.storage || data.terminalQuota) && (
            <Col xs={24} lg={12}>
              <StorageCard
                storage={data.storage}
                quota={data.terminalQuota}
                materialsPath={pathOf("materialManage")}
                monitorPath={monitorPath}
              />
            </Col>
          )}
          {data.publications && (
            <Col xs={24}>
              <PublicationsCard data={data.publications} pathOf={pathOf} />
            </Col>
          )}
        </Row>
      )}
    </Space>
  );
}
