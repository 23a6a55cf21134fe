import { RedoOutlined } from "@ant-design/icons";
import { Alert, Button, Drawer, List, Progress, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { OutcomeTag, useOutcomeSummary } from "./OutcomeTag";
import { isSettled, progressOf, retryTargets, summarize } from "./outcomes";
import { reasonText } from "./reason";
import type { CommandRun } from "./useCommandRun";

/**
 * What became of a command on each terminal: queued, sent, done, failed (why), timeout, offline, with its
 * progress while a long one runs; retry the failures (their new outcomes replace their rows here).
 */
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
          loading={run?.retrying}
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
        <Spin description={t("terminal.command.sending")}>
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
            renderItem={(o) => {
              const progress = o.state === "sent" ? progressOf(o) : null;
              return (
                <List.Item data-testid="terminal-command-outcome" data-terminal-id={o.terminalId}>
                  <List.Item.Meta
                    title={o.terminalName}
                    description={
                      o.state === "offline" ? (
                        t("terminal.command.offlineHint")
                      ) : o.reason ? (
                        <Typography.Text
                          type={o.state === "failed" ? "danger" : "secondary"}
                          data-testid="terminal-outcome-reason"
                        >
                          {reasonText(t, o.reason)}
                        </Typography.Text>
                      ) : progress ? (
                        <Space orientation="vertical" size={0} style={{ width: "100%" }}>
                          <Progress
                            size="small"
                            percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
                            data-testid="terminal-outcome-progress"
                          />
                          {progress.note && (
                            <Typography.Text type="secondary">{progress.note}</Typography.Text>
                          )}
                        </Space>
                      ) : undefined
                    }
                  />
                  <OutcomeTag outcome={o} />
                </List.Item>
              );
            }}
          />
        </Space>
      )}
    </Drawer>
  );
}
