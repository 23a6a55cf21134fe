import { formatSize, type HomeStorage, type HomeTerminalQuota } from "@marquee/contracts";
import { Card, Progress, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usagePercent } from "../office/format";

/** A quota line: its label (a link to the screen behind it), a bar when limited, and the words. */
function QuotaLine({
  label,
  to,
  percent,
  text,
  testId,
}: {
  label: string;
  to: string | null;
  percent: number | null;
  text: string;
  testId: string;
}) {
  return (
    <div style={{ marginBottom: 16 }}>
      {to ? <Link to={to}>{label}</Link> : <Typography.Text>{label}</Typography.Text>}
      {percent !== null && (
        <Progress percent={percent} status={percent >= 95 ? "exception" : "normal"} style={{ margin: 0 }} />
      )}
      <div>
        <Typography.Text type="secondary" data-testid={testId}>
          {text}
        </Typography.Text>
      </div>
    </div>
  );
}

/** Storage the tenant's materials take against its quota, and terminals against the terminal quota. */
export function StorageCard({
  storage,
  quota,
  materialsPath,
  monitorPath,
}: {
  storage: HomeStorage | undefined;
  quota: HomeTerminalQuota | undefined;
  materialsPath: string | null;
  monitorPath: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t("home.storage.title")} data-testid="home-storage" style={{ height: "100%" }}>
      {storage && (
        <QuotaLine
          label={t("home.storage.materials")}
          to={materialsPath}
          percent={usagePercent(storage.used, storage.capacity)}
          text={
            storage.capacity === null
              ? t("home.storage.unlimited", { used: formatSize(storage.used) })
              : t("home.storage.used", {
                  used: formatSize(storage.used),
                  capacity: formatSize(storage.capacity),
                })
          }
          testId="home-storage-used"
        />
      )}
      {quota && (
        <QuotaLine
          label={t("home.storage.terminalQuota")}
          to={monitorPath}
          percent={usagePercent(quota.used, quota.quota)}
          text={
            quota.quota === null
              ? t("home.storage.seatsUnlimited", { count: quota.used })
              : t("home.storage.seats", {
                  used: quota.used,
                  quota: quota.quota,
                  name: quota.officeName ?? "",
                })
          }
          testId="home-quota-used"
        />
      )}
    </Card>
  );
}
