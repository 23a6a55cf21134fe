import { RedoOutlined } from "@ant-design/icons";
import { Alert, Button, Drawer, List, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { OutcomeTag, useOutcomeSummary } from "./OutcomeTag";
import { isSettled, retryTargets, summarize } from "./outcomes";
import type { CommandRun } from "./useCommandRun";

/** What became of a command on each terminal: queued, sent, done, failed (why), timeout, offline; retry the failures. */
export function CommandDrawer({
  run,
  onRetry,
  onClose,
}: {
  run: CommandRun | null;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const summary = useOutcomeSummary();
  const outcomes = run?.outcomes ?? [];
  const settled = run !== null && !run.sending && isSettled(outcomes);
  const retry = retryTargets(outcomes).length;
  return (
    <Drawer
      open={run !== null}
      onClose={onClose}
      size={520}
      title={run ? t("terminal.command.title", { name: t(`terminal.commands.${run.name}`) }) : ""}
      extra={
        <Button
          icon={<RedoOutlined />}
          disabled={!settled || retry === 0}
          onClick={onRetry}
          data-testid="terminal-command-retry"
        >
          {t("terminal.command.retry", { count: retry })}
        </Button>
      }
      data-testid="terminal-command-drawer"
    >
      {run?.sending ? (
        <Spin tip={t("terminal.command.sending")}>
          <div style={{ height: 80 }} />
        </Spin>
      ) : (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Alert
            type={settled ? (retry ? "warning" : "success") : "info"}
            showIcon
            title={summary(summarize(outcomes))}
            description={settled ? undefined : t("terminal.command.waiting")}
            data-testid="terminal-command-summary"
          />
          <List
            size="small"
            dataSource={outcomes}
            rowKey="id"
            renderItem={(o) => (
              <List.Item data-testid="terminal-command-outcome">
                <List.Item.Meta
                  title={o.terminalName}
                  description={
                    o.state === "offline" ? (
                      t("terminal.command.offlineHint")
                    ) : o.reason ? (
                      <Typography.Text type={o.state === "failed" ? "danger" : "secondary"}>
                        {o.reason}
                      </Typography.Text>
                    ) : undefined
                  }
                />
                <OutcomeTag outcome={o} />
              </List.Item>
            )}
          />
        </Space>
      )}
    </Drawer>
  );
}
