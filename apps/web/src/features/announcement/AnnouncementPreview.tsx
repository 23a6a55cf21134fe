import { CloseOutlined, InfoCircleFilled } from "@ant-design/icons";
import type { Announcement } from "@marquee/contracts";
import { Alert, Button, Segmented, Space, Typography, theme } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../stores/session";
import { announcementHash, announcementTextFor, dismissalKey } from "../message/announcement";
import { announcementStatus } from "./preview";

const FORMAT = "YYYY-MM-DD HH:mm";

/**
 * What the shell shows after sign-in, drawn like its notification, with
 * whether it shows now and why (or why not).
 */
export function AnnouncementPreview({ announcement, nowMs }: { announcement: Announcement; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const userId = useSession((s) => s.user?.id);
  const [reader, setReader] = useState<"zh_CN" | "en">(i18n.language.startsWith("zh") ? "zh_CN" : "en");
  const status = announcementStatus(announcement, nowMs);
  const text = announcementTextFor(announcement, reader, t("message.announcement"));

  const why = (() => {
    switch (status.kind) {
      case "live":
        return {
          type: "success" as const,
          text: t("announcement.status.live", { end: dayjs(status.endsAt).format(FORMAT) }),
        };
      case "off":
        return { type: "warning" as const, text: t("announcement.status.off") };
      case "noStart":
        return { type: "warning" as const, text: t("announcement.status.noStart") };
      case "noEnd":
        return { type: "warning" as const, text: t("announcement.status.noEnd") };
      case "notYet":
        return {
          type: "info" as const,
          text: t("announcement.status.notYet", { start: dayjs(status.startsAt).format(FORMAT) }),
        };
      case "ended":
        return {
          type: "warning" as const,
          text: t("announcement.status.ended", { end: dayjs(status.endedAt).format(FORMAT) }),
        };
    }
  })();
  // This browser's user may have closed this very text for good.
  const dismissedHere =
    userId !== undefined && localStorage.getItem(dismissalKey(userId)) === announcementHash(announcement);

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Alert
        type={why.type}
        showIcon
        title={status.kind === "live" ? t("announcement.showsNow") : t("announcement.hiddenNow")}
        description={why.text}
        data-testid="announcement-status"
        data-status={status.kind}
      />
      <Segmented<"zh_CN" | "en">
        value={reader}
        onChange={setReader}
        options={[
          { value: "zh_CN", label: t("announcement.chineseReaders") },
          { value: "en", label: t("announcement.otherReaders") },
        ]}
        data-testid="announcement-preview-language"
      />
      <div
        data-testid="announcement-preview"
        style={{
          maxWidth: 384,
          padding: "20px 24px",
          borderRadius: token.borderRadiusLG,
          background: token.colorBgElevated,
          boxShadow: token.boxShadowSecondary,
          opacity: status.kind === "live" ? 1 : 0.6,
        }}
      >
        <div style={{ display: "flex", gap: 12 }}>
          <InfoCircleFilled style={{ color: token.colorInfo, fontSize: 24, marginTop: 2 }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
              <Typography.Text strong style={{ fontSize: 16 }} data-testid="announcement-preview-title">
                {text.title}
              </Typography.Text>
              <CloseOutlined style={{ color: token.colorTextTertiary }} />
            </div>
            <div style={{ whiteSpace: "pre-wrap", marginTop: 8 }} data-testid="announcement-preview-content">
              {text.content || (
                <Typography.Text type="secondary">{t("announcement.noContent")}</Typography.Text>
              )}
            </div>
            <div style={{ textAlign: "right", marginTop: 12 }}>
              <Button size="small" tabIndex={-1}>
                {t("message.neverRemind")}
              </Button>
            </div>
          </div>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t("announcement.dismissHint")}
      </Typography.Paragraph>
      {dismissedHere && (
        <Alert
          type="info"
          showIcon
          title={t("announcement.dismissedHere")}
          data-testid="announcement-dismissed"
        />
      )}
    </Space>
  );
}
