import { formatSize } from "@marquee/contracts";
import { Progress, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** Storage used by the tenant against its quota (capacitySetting); unlimited when the capacity is null. */
export function UsageBar({
  used,
  capacity,
}: {
  used: number | undefined;
  capacity: number | null | undefined;
}) {
  const { t } = useTranslation();
  if (used === undefined) return null;
  if (capacity === null || capacity === undefined || capacity <= 0) {
    return (
      <Typography.Text type="secondary" data-testid="material-usage">
        {t("material.usageUnlimited", { used: formatSize(used) })}
      </Typography.Text>
    );
  }
  const percent = Math.min(100, Math.round((used / capacity) * 1000) / 10);
  return (
    <Space data-testid="material-usage" style={{ minWidth: 260 }}>
      <Typography.Text type="secondary">{t("material.usage")}</Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={percent >= 95 ? "exception" : "normal"}
        style={{ width: 140, margin: 0 }}
        showInfo={false}
      />
      <Typography.Text type="secondary">
        {t("material.usageOf", { used: formatSize(used), capacity: formatSize(capacity) })}
      </Typography.Text>
    </Space>
  );
}
