import { formatSize } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Progress, Skeleton, Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { customerApi } from "./api";
import { STATE_COLORS, TYPE_COLORS, usagePercent } from "./format";

/** A usage bar against a quota; without a quota, the figure alone. */
function Usage({
  used,
  quota,
  show,
  testId,
}: {
  used: number;
  quota: number | null;
  show: (n: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const percent = usagePercent(used, quota);
  return (
    <div data-testid={testId}>
      {percent !== null && (
        <Progress
          percent={percent}
          status={percent >= 100 ? "exception" : percent >= 90 ? "normal" : "active"}
          strokeColor={percent >= 90 ? "#faad14" : undefined}
          size="small"
        />
      )}
      <Typography.Text type="secondary">
        {quota === null
          ? t("office.drawer.unlimited", { used: show(used) })
          : t("office.drawer.of", { used: show(used), quota: show(quota) })}
      </Typography.Text>
    </div>
  );
}

/** One agent or customer: contact, term, and usage against its quotas (customerInfo). */
export function CustomerDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: ["org", "customerInfo", id],
    queryFn: () => customerApi.info(id as number),
    enabled: id !== null,
  });
  const c = id !== null ? info.data?.customer : undefined;
  const count = (n: number) => String(n);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={520}
      title={
        c ? (
          <Space>
            {c.name}
            <Tag color={TYPE_COLORS[c.type]}>{t(`office.types.${c.type}`)}</Tag>
            <Tag color={STATE_COLORS[c.state]}>{t(`office.states.${c.state}`)}</Tag>
          </Space>
        ) : undefined
      }
      data-testid="customer-drawer"
    >
      {!c ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          {c.blockedBy && (
            <Alert
              type="warning"
              showIcon
              title={t("office.drawer.blocked", {
                name: c.blockedBy.name || t("office.drawer.blockedAbove"),
                reason: t(`office.drawer.reason.${c.blockedBy.reason}`),
              })}
            />
          )}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t("office.agents.parent")}>{c.parentName ?? ""}</Descriptions.Item>
            <Descriptions.Item label={t("office.agents.contact")}>
              {[c.contactName, c.contactPhone, c.contactEmail].filter(Boolean).join(" · ") ||
                t("office.drawer.none")}
            </Descriptions.Item>
            {c.address && (
              <Descriptions.Item label={t("office.detail.address")}>{c.address}</Descriptions.Item>
            )}
            <Descriptions.Item label={t("office.drawer.term")}>
              <span data-testid="customer-days-left">
                {c.expiresAt === null || c.daysToExpiry === null
                  ? t("office.drawer.never")
                  : `${dayjs(c.expiresAt).format("YYYY-MM-DD")} · ${
                      c.daysToExpiry < 0
                        ? t("office.drawer.expiredDays", { count: -c.daysToExpiry })
                        : c.daysToExpiry === 0
                          ? t("office.agents.lastDay")
                          : t("office.drawer.daysLeft", { count: c.daysToExpiry })
                    }`}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("office.drawer.adminRole")}>
              {c.adminRole?.name ?? t("office.drawer.none")}
            </Descriptions.Item>
            <Descriptions.Item label={t("office.drawer.domain")}>
              {c.secondDomainName ?? t("office.drawer.none")}
            </Descriptions.Item>
            {c.remarks && (
              <Descriptions.Item label={t("office.detail.remarks")}>{c.remarks}</Descriptions.Item>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t("office.drawer.usage")}</Typography.Title>
            <Typography.Text strong>{t("office.drawer.storage")}</Typography.Text>
            <Usage
              used={c.usage.storageBytes}
              quota={c.capacityBytes}
              show={formatSize}
              testId="customer-storage-usage"
            />
            <Typography.Text strong style={{ display: "block", marginTop: 12 }}>
              {t("office.drawer.terminals")}
            </Typography.Text>
            <Usage
              used={c.usage.terminalsAuthorised}
              quota={c.terminalQuota}
              show={count}
              testId="customer-terminal-usage"
            />
            <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
              <Descriptions.Item label={t("office.drawer.users")}>{c.usage.users}</Descriptions.Item>
              {c.type === "agent" && (
                <Descriptions.Item label={t("office.drawer.customers")}>
                  {c.usage.customers}
                </Descriptions.Item>
              )}
            </Descriptions>
          </div>
        </Space>
      )}
    </Drawer>
  );
}
