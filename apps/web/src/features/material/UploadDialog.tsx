import { InboxOutlined } from "@ant-design/icons";
import { formatSize } from "@marquee/contracts";
import { Alert, App, Modal, Space, Typography, Upload } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UploadQueue } from "./UploadQueue";
import { checkFiles, MB, type Refusal } from "./upload";
import { isActive, useUploadQueue } from "./uploadQueue";

/** The upload dialog: states the limit, takes files by click or drag and drop, and shows the queue. */
export function UploadDialog({
  open,
  onClose,
  folderId,
  folderLabel,
  limitMb,
  used,
  capacity,
}: {
  open: boolean;
  onClose: () => void;
  folderId: number | undefined;
  folderLabel: string;
  limitMb: number;
  used: number | undefined;
  capacity: number | null | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const enqueue = useUploadQueue((s) => s.enqueue);
  const clearFinished = useUploadQueue((s) => s.clearFinished);
  // Opened again, the dialog starts from what is still on its way: the last time's finished,
  // failed and cancelled files are not listed again.
  useEffect(() => {
    if (open) clearFinished();
  }, [open, clearFinished]);

  const refusalText = (name: string, r: Refusal) => {
    switch (r.reason) {
      case "empty":
        return t("material.refuse.empty", { name });
      case "type":
        return t("material.refuse.type", { name });
      case "tooLarge":
        return t("material.refuse.tooLarge", { name, limit: formatSize(r.limitMb * MB) });
      case "quota":
        return t("material.refuse.quota", { name, free: formatSize(r.free) });
    }
  };

  /** Checks the files against the limit and the quota, before any byte is sent, and queues the rest. */
  const accept = (files: File[]) => {
    const pendingBytes = useUploadQueue
      .getState()
      .items.filter(isActive)
      .reduce((n, i) => n + i.size, 0);
    const verdicts = checkFiles(files, { limitMb, used, capacity, pendingBytes });
    const ok = files.filter((_, i) => verdicts[i] === null);
    verdicts.forEach((r, i) => {
      const f = files[i];
      if (r && f) void message.error(refusalText(f.name, r));
    });
    if (ok.length) enqueue(ok, folderId);
  };

  const free = capacity === null || capacity === undefined ? null : Math.max(0, capacity - (used ?? 0));
  return (
    <Modal
      open={open}
      title={t("material.uploadTitle", { folder: folderLabel })}
      onCancel={onClose}
      footer={null}
      width={640}
      data-testid="upload-dialog"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="upload-limit"
        title={
          <Space orientation="vertical" size={0}>
            <span>{t("material.limitHint", { limit: formatSize(limitMb * MB) })}</span>
            {free !== null && <span>{t("material.quotaHint", { free: formatSize(free) })}</span>}
          </Space>
        }
      />
      <div data-testid="material-dropzone">
        <Upload.Dragger
          multiple
          showUploadList={false}
          accept="image/*,video/*,audio/*,application/pdf,.pdf"
          beforeUpload={(file, list) => {
            if (file.uid === list[0]?.uid) accept(list);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t("material.dropHint")}</p>
          <Typography.Paragraph type="secondary" className="ant-upload-hint">
            {t("material.dropTypes")}
          </Typography.Paragraph>
        </Upload.Dragger>
      </div>
      <UploadQueue />
    </Modal>
  );
}
