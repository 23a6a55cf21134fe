import { InboxOutlined } from "@ant-design/icons";
import { type CommandOutcome, formatSize, type PlayerPackage } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Progress,
  Select,
  Space,
  Tabs,
  Typography,
  Upload,
} from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { terminalSetApi } from "./api";
import { formErrors } from "./errors";
import { OutcomeTag } from "./OutcomeTag";
import { reasonText } from "./reason";

/** The progress of an update is asked for this often while the dialog shows it. */
const PROGRESS_POLL_MS = 2000;

interface UploadValues {
  version: string;
  model?: string;
  notes?: string;
}
const UPLOAD_FIELDS = ["version", "model", "notes"] as const;

const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");

/** Per terminal, how far the update of a package has come (getApkUpdateInfo?packageId), live. */
function PackageProgress({ packageId }: { packageId: number }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: ["terminal", "apkUpdate", packageId],
    queryFn: () => terminalSetApi.updateInfo({ packageId }),
    refetchInterval: PROGRESS_POLL_MS,
  });
  const rows = info.data?.list ?? [];
  if (info.data && rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("terminal.update.notSent")} />;
  return (
    <List
      size="small"
      loading={info.isLoading}
      dataSource={rows}
      rowKey="commandId"
      data-testid="terminal-update-progress"
      renderItem={(r) => {
        const percent =
          r.state === "done"
            ? 100
            : r.progress?.total
              ? Math.round((r.progress.done / r.progress.total) * 100)
              : 0;
        return (
          <List.Item>
            <List.Item.Meta
              title={r.terminalName}
              description={
                <Space orientation="vertical" size={0} style={{ width: "100%" }}>
                  <Progress
                    size="small"
                    percent={percent}
                    status={r.state === "failed" || r.state === "timeout" ? "exception" : undefined}
                  />
                  <Typography.Text type={r.reason ? "danger" : "secondary"}>
                    {reasonText(t, r.reason) ??
                      r.progress?.note ??
                      t("terminal.update.versionNow", { version: r.version || "-" })}
                  </Typography.Text>
                </Space>
              }
            />
            <OutcomeTag outcome={r} />
          </List.Item>
        );
      }}
    />
  );
}

/**
 * "Update the player": upload a package (version, notes) and send it to the selected terminals
 * (sendDedicatedApk), or pick one uploaded before, send it to them (pushDedicatedApk) and follow its
 * progress per terminal (getApkUpdateInfo). The outcomes of a send go to the results drawer (`onSent`).
 */
export function UpdateModal({
  open,
  ids,
  onSent,
  onClose,
}: {
  open: boolean;
  ids: readonly number[];
  onSent: (outcomes: CommandOutcome[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadValues>();
  const [tab, setTab] = useState<"upload" | "packages">("upload");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pushRefusal, setPushRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [packageId, setPackageId] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab("upload");
    setFile(null);
    setFileError(null);
    setRefusal(null);
    setPushRefusal(null);
    setPackageId(null);
  }, [open, form]);

  const packages = useQuery({
    queryKey: ["terminal", "apkPackages"],
    queryFn: () => terminalSetApi.updateInfo({}),
    enabled: open && tab === "packages",
  });

  const send = async () => {
    setRefusal(null);
    const v = await form.validateFields().catch(() => null);
    if (!file) setFileError(t("terminal.update.fileRequired"));
    if (!v || !file) return;
    setBusy(true);
    try {
      const answer = await terminalSetApi.sendPackage(file, file.name, {
        version: v.version.trim(),
        model: v.model?.trim() || undefined,
        notes: v.notes?.trim() || undefined,
        ids,
      });
      onSent(answer.list);
      onClose();
    } catch (err) {
      const e = formErrors(err, UPLOAD_FIELDS);
      form.setFields(e.fields);
      setRefusal(e.general);
    } finally {
      setBusy(false);
    }
  };

  /** Sends the picked package to the selected terminals. */
  const push = async () => {
    if (packageId === null) return;
    setPushRefusal(null);
    setBusy(true);
    try {
      const answer = await terminalSetApi.pushPackage(packageId, ids);
      onSent(answer.list);
      onClose();
    } catch (err) {
      setPushRefusal(formErrors(err, []).general);
    } finally {
      setBusy(false);
    }
  };

  const label = (p: PlayerPackage) =>
    `${p.version} · ${p.name} · ${formatSize(p.size)} · ${when(p.createDate)}${p.model ? ` · ${p.model}` : ""}`;
  const picked = packages.data?.packages.find((p) => p.id === packageId);

  return (
    <Modal
      open={open}
      width={640}
      title={t("terminal.update.title", { count: ids.length })}
      okText={tab === "upload" ? t("terminal.update.send") : t("terminal.update.push")}
      cancelText={t("common.close")}
      onOk={() => void (tab === "upload" ? send() : push())}
      confirmLoading={busy}
      okButtonProps={
        tab === "upload"
          ? { "data-testid": "terminal-update-ok" }
          : { disabled: packageId === null || ids.length === 0, "data-testid": "terminal-update-push" }
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as "upload" | "packages")}
        items={[
          {
            key: "upload",
            label: t("terminal.update.uploadTab"),
            children: (
              <Space orientation="vertical" style={{ width: "100%" }}>
                <Typography.Paragraph type="secondary">{t("terminal.update.hint")}</Typography.Paragraph>
                {refusal && (
                  <Alert type="error" showIcon title={refusal} data-testid="terminal-update-refused" />
                )}
                <Upload.Dragger
                  maxCount={1}
                  beforeUpload={(f) => {
                    setFile(f);
                    setFileError(null);
                    return false;
                  }}
                  onRemove={() => setFile(null)}
                  fileList={file ? [{ uid: "package", name: file.name, status: "done" }] : []}
                  data-testid="terminal-update-file"
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">{t("terminal.update.drop")}</p>
                </Upload.Dragger>
                {fileError && <Typography.Text type="danger">{fileError}</Typography.Text>}
                <Form form={form} layout="vertical">
                  <Form.Item
                    name="version"
                    label={t("terminal.update.version")}
                    rules={[
                      { required: true, whitespace: true, message: t("terminal.update.versionRequired") },
                      { max: 40, message: t("terminal.nameTooLong", { max: 40 }) },
                    ]}
                  >
                    <Input maxLength={40} placeholder="3.9.0" data-testid="terminal-update-version" />
                  </Form.Item>
                  <Form.Item
                    name="model"
                    label={t("terminal.update.model")}
                    extra={t("terminal.update.modelHint")}
                  >
                    <Input maxLength={64} />
                  </Form.Item>
                  <Form.Item name="notes" label={t("terminal.update.notes")}>
                    <Input.TextArea maxLength={500} rows={3} showCount />
                  </Form.Item>
                </Form>
              </Space>
            ),
          },
          {
            key: "packages",
            label: t("terminal.update.packagesTab"),
            children: (
              <Space orientation="vertical" style={{ width: "100%" }}>
                <Typography.Paragraph type="secondary">
                  {t("terminal.update.pushHint", { count: ids.length })}
                </Typography.Paragraph>
                {pushRefusal && (
                  <Alert
                    type="error"
                    showIcon
                    title={pushRefusal}
                    data-testid="terminal-update-push-refused"
                  />
                )}
                <Select<number>
                  style={{ width: "100%" }}
                  loading={packages.isLoading}
                  value={packageId ?? undefined}
                  onChange={(v) => {
                    setPackageId(v);
                    setPushRefusal(null);
                  }}
                  placeholder={t("terminal.update.pick")}
                  notFoundContent={t("terminal.update.noPackages")}
                  options={(packages.data?.packages ?? []).map((p) => ({ value: p.id, label: label(p) }))}
                  data-testid="terminal-update-package"
                />
                {picked?.notes && <Typography.Paragraph>{picked.notes}</Typography.Paragraph>}
                {packageId !== null && <PackageProgress packageId={packageId} />}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
