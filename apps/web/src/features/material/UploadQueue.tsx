import { DeleteOutlined, ReloadOutlined, StopOutlined } from "@ant-design/icons";
import { formatSize } from "@marquee/contracts";
import { Button, Card, List, Progress, Space, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isActive, type UploadItem, useUploadQueue } from "./uploadQueue";

/** One file: hashing %, then uploading %; the reason when it failed. */
function QueueRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const { cancel, retry, remove } = useUploadQueue.getState();
  const hashing = item.stage === "hashing" || item.stage === "checking" || item.stage === "waiting";
  const percent = hashing ? item.hashPercent : item.uploadPercent;
  const status =
    item.stage === "failed" || item.stage === "cancelled"
      ? "exception"
      : item.stage === "done" || item.stage === "instant"
        ? "success"
        : "active";
  const label =
    item.stage === "hashing"
      ? t("material.queue.hashing", { percent: item.hashPercent })
      : item.stage === "uploading"
        ? t("material.queue.uploading", { percent: item.uploadPercent })
        : t(`material.queue.${item.stage}`);
  // Failed or cancelled after the server opened it: removing it abandons it there (its chunks go).
  const unfinished = !!item.uploadId && (item.stage === "failed" || item.stage === "cancelled");
  const removeLabel = unfinished ? t("material.queue.abandon") : t("material.queue.remove");
  return (
    <List.Item
      data-testid="upload-item"
      data-stage={item.stage}
      actions={[
        isActive(item) ? (
          <Tooltip key="cancel" title={t("material.queue.cancel")}>
            <Button
              type="text"
              size="small"
              icon={<StopOutlined />}
              aria-label={t("material.queue.cancel")}
              onClick={() => cancel(item.key)}
            />
          </Tooltip>
        ) : null,
        item.stage === "failed" || item.stage === "cancelled" ? (
          <Tooltip key="retry" title={t("material.queue.retry")}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t("material.queue.retry")}
              data-testid="upload-retry"
              onClick={() => retry(item.key)}
            />
          </Tooltip>
        ) : null,
        !isActive(item) ? (
          <Tooltip key="remove" title={removeLabel}>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={removeLabel}
              data-testid={unfinished ? "upload-abandon" : "upload-remove"}
              onClick={() => remove(item.key)}
            />
          </Tooltip>
        ) : null,
      ].filter(Boolean)}
    >
      <div style={{ width: "100%", minWidth: 0 }}>
        <Space style={{ width: "100%", justifyContent: "space-between" }}>
          <Typography.Text ellipsis={{ tooltip: item.name }} style={{ maxWidth: 260 }}>
            {item.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatSize(item.size)}
          </Typography.Text>
        </Space>
        <Progress
          percent={item.stage === "done" || item.stage === "instant" ? 100 : percent}
          status={status}
          size="small"
          strokeColor={hashing && status === "active" ? "#faad14" : undefined}
          style={{ margin: 0 }}
        />
        <Typography.Text type={item.stage === "failed" ? "danger" : "secondary"} style={{ fontSize: 12 }}>
          {label}
          {item.error ? `: ${item.error}` : ""}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

/** The upload queue: one progress bar per file. */
export function UploadQueue() {
  const { t } = useTranslation();
  const items = useUploadQueue((s) => s.items);
  const clearFinished = useUploadQueue((s) => s.clearFinished);
  if (items.length === 0) return null;
  const finished = items.some((i) => !isActive(i));
  return (
    <div data-testid="upload-queue">
      <Space style={{ width: "100%", justifyContent: "space-between", marginTop: 12 }}>
        <Typography.Text strong>
          {t("material.queue.title", { done: items.filter((i) => !isActive(i)).length, total: items.length })}
        </Typography.Text>
        {finished && (
          <Button size="small" type="link" onClick={clearFinished}>
            {t("material.queue.clear")}
          </Button>
        )}
      </Space>
      <List size="small" dataSource={items} rowKey="key" renderItem={(item) => <QueueRow item={item} />} />
    </div>
  );
}

/** A small summary in a corner of the page while files upload and the dialog is closed. */
export function UploadQueuePanel({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const items = useUploadQueue((s) => s.items);
  const active = items.filter(isActive);
  if (active.length === 0) return null;
  const current = active.find((i) => i.stage !== "waiting") ?? active[0];
  const hashing =
    current?.stage === "hashing" || current?.stage === "checking" || current?.stage === "waiting";
  const percent = current ? (hashing ? current.hashPercent : current.uploadPercent) : 0;
  return (
    <Card
      size="small"
      hoverable
      onClick={onOpen}
      style={{ position: "fixed", right: 24, bottom: 24, width: 320, zIndex: 900, cursor: "pointer" }}
      data-testid="upload-panel"
    >
      <Typography.Text strong>{t("material.queue.panel", { count: active.length })}</Typography.Text>
      {current && (
        <>
          <Typography.Text ellipsis type="secondary" style={{ display: "block", fontSize: 12 }}>
            {current.name}
          </Typography.Text>
          <Progress
            percent={percent}
            size="small"
            status="active"
            strokeColor={hashing ? "#faad14" : undefined}
            style={{ margin: 0 }}
          />
        </>
      )}
    </Card>
  );
}
