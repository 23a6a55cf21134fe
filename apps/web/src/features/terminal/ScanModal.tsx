import { CheckCircleOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, List, Modal, Space, Spin, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { type AutoScan, terminalSetApi } from "./api";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";
import { relativeTime } from "./time";
import { useNow } from "./useNow";

/** While the dialog is open, the scan's findings are asked for this often. */
export const SCAN_POLL_MS = 2000;

/**
 * "Scan for terminals" (autoScanTerminal, then getAutoScanTerminalInfo every 2 s while open): the screens
 * waiting for authorisation on the caller's network; each can be authorised at once (`onAuthorize` opens
 * "Authorise a screen" with its code).
 */
export function ScanModal({
  open,
  onAuthorize,
  onClose,
}: {
  open: boolean;
  onAuthorize: (enrolCode: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow(5_000);
  const [scan, setScan] = useState<AutoScan | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setScan(null);
    setFailed(false);
    terminalSetApi
      .scan()
      .then((s) => {
        if (!cancelled) setScan(s);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [open]);

  const info = useQuery({
    queryKey: ["terminal", "scan", scan?.scanId],
    queryFn: () => terminalSetApi.scanInfo(scan?.scanId ?? ""),
    enabled: open && scan !== null,
    refetchInterval: SCAN_POLL_MS,
  });
  const found = info.data?.list ?? scan?.list ?? [];

  return (
    <Modal
      open={open}
      width={640}
      title={t("terminal.scan.title")}
      footer={<Button onClick={onClose}>{t("common.close")}</Button>}
      onCancel={onClose}
      destroyOnHidden
      data-testid="terminal-scan-modal"
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary">{t("terminal.scan.hint")}</Typography.Paragraph>
        {failed ? (
          <Alert type="error" showIcon title={t("terminal.scan.failed")} />
        ) : !scan ? (
          <Spin />
        ) : (
          <>
            <Space>
              <Spin size="small" />
              <Typography.Text type="secondary" data-testid="terminal-scan-count">
                {t("terminal.scan.looking", { count: found.length })}
              </Typography.Text>
            </Space>
            <List
              size="small"
              bordered
              dataSource={found}
              rowKey="id"
              locale={{ emptyText: t("terminal.scan.none") }}
              renderItem={(s) => {
                const ago = relativeTime(s.lastSeenAt, now);
                return (
                  <List.Item
                    data-testid="terminal-scan-row"
                    actions={[
                      <AuthButton
                        key="authorize"
                        size="small"
                        type="primary"
                        operation={TERMINAL_PERMISSIONS.authorize}
                        routePermission={TERMINAL_ROUTE_PERMISSION}
                        label={t("terminal.scan.authorize")}
                        icon={<CheckCircleOutlined />}
                        onClick={() => onAuthorize(s.enrolCode)}
                        data-testid={`terminal-scan-authorize-${s.enrolCode}`}
                      />,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          <Typography.Text code>{s.enrolCode}</Typography.Text>
                          <Tag color={s.online ? "green" : "default"}>
                            {t(s.online ? "terminal.status.online" : "terminal.status.offline")}
                          </Tag>
                        </Space>
                      }
                      description={[
                        s.model,
                        `${s.width}×${s.height}`,
                        s.version,
                        s.ip,
                        t(`terminal.ago.${ago.key}`, "values" in ago ? ago.values : undefined),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    />
                  </List.Item>
                );
              }}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
