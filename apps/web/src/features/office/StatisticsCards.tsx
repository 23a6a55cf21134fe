import {
  ApartmentOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  PictureOutlined,
  ShopOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { formatSize, type InstantStatistics } from "@marquee/contracts";
import { Card, Skeleton, Space, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** What lies at and below the chosen office (findInstantStatistics). */
export function StatisticsCards({ stats }: { stats: InstantStatistics | undefined }) {
  const { t } = useTranslation();
  if (!stats) return <Skeleton active paragraph={{ rows: 2 }} />;
  const term = stats.terminals;
  const cards = [
    { key: "users", icon: <TeamOutlined />, title: t("office.stats.users"), value: stats.users },
    {
      key: "terminals",
      icon: <DesktopOutlined />,
      title: t("office.stats.terminals"),
      value: term.total,
      foot: (
        <Space size="small" wrap>
          <Typography.Text type="success">
            {t("office.stats.online")} {term.online}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t("office.stats.offline")} {term.offline}
          </Typography.Text>
          {term.pending > 0 && (
            <Typography.Text type="warning">
              {t("office.stats.pending")} {term.pending}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: "materials",
      icon: <PictureOutlined />,
      title: t("office.stats.materials"),
      value: stats.materials,
      foot: (
        <Typography.Text type="secondary">
          {t("office.stats.programs")} {stats.programs}
        </Typography.Text>
      ),
    },
    {
      key: "storage",
      icon: <DatabaseOutlined />,
      title: t("office.stats.storage"),
      value: formatSize(stats.storageBytes),
    },
    {
      key: "customers",
      icon: <ShopOutlined />,
      title: t("office.stats.customers"),
      value: stats.customers,
      foot:
        stats.agents > 0 ? (
          <Typography.Text type="secondary">
            {t("office.stats.agents")} {stats.agents}
          </Typography.Text>
        ) : undefined,
    },
    {
      key: "institutions",
      icon: <ApartmentOutlined />,
      title: t("office.stats.institutions"),
      value: stats.institutions,
    },
  ];
  return (
    // As many cards to a row as fit at their titles' width (six at 1440 px in English, three in French at
    // 1280 px), not a fixed six that cut "Sous-organisations" short.
    <div
      data-testid="office-stats"
      style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 12 }}
    >
      {cards.map((c) => (
        <div key={c.key}>
          <Card size="small" style={{ height: "100%" }}>
            <Statistic
              title={
                <Space size={4}>
                  {c.icon}
                  {c.title}
                </Space>
              }
              value={c.value}
              data-testid={`office-stat-${c.key}`}
            />
            {c.foot}
          </Card>
        </div>
      ))}
    </div>
  );
}
