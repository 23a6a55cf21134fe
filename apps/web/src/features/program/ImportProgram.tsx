import { ImportOutlined } from "@ant-design/icons";
import type { ProgramExportFile } from "@marquee/contracts";
import { App, Descriptions, Form, Input, List, Modal, Typography } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { PROGRAM_PERMISSIONS } from "./actions";
import { programApi } from "./api";
import { canvasLabel } from "./canvas";
import { checkExportFile, IMPORT_MAX_BYTES, MAX_LISTED_ISSUES, missingMediaOf } from "./exportFile";
import { formatTime } from "./format";
import { PROGRAM_NAME_MAX, programNameRules } from "./nameRules";

/** "Import": reads an export file in the browser, checks it, asks for the name, then sends it. */
export function ImportProgram({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ProgramExportFile | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const refuse = (content: string) =>
    modal.error({ title: t("program.import.refused"), content, okText: t("common.ok") });

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return refuse(t("program.import.tooLarge"));
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      return refuse(t("program.import.readFailed"));
    }
    const check = checkExportFile(text);
    if (check.ok) {
      setFile(check.file);
    } else if (check.reason === "invalid") {
      const listed = check.issues.slice(0, MAX_LISTED_ISSUES);
      const more = check.issues.length - listed.length;
      refuse(
        t("program.import.invalid", {
          issues:
            listed.join("; ") + (more > 0 ? `; ${t("program.import.moreIssues", { count: more })}` : ""),
        }),
      );
    } else {
      refuse(t(`program.import.${check.reason}`));
    }
  };

  const showMissing = (names: string[]) =>
    modal.warning({
      title: t("program.import.missingTitle"),
      width: 520,
      okText: t("common.ok"),
      content: (
        <>
          <Typography.Paragraph>{t("program.import.missingBody")}</Typography.Paragraph>
          <List
            size="small"
            bordered
            dataSource={names}
            renderItem={(name) => <List.Item data-testid="program-import-missing">{name}</List.Item>}
            style={{ maxHeight: 240, overflow: "auto" }}
          />
        </>
      ),
    });

  const send = async () => {
    if (!file) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { name } = values;
    setSending(true);
    try {
      const trimmed = name.trim();
      await programApi.import(file, trimmed === file.name ? undefined : trimmed);
      void message.success(t("program.import.done", { name: trimmed }));
      setFile(null);
      onImported();
    } catch (err) {
      const missing = missingMediaOf(err);
      if (missing) {
        setFile(null);
        showMissing(missing);
      } else if (err instanceof HttpError && err.fieldErrors.some((f) => f.field === "name")) {
        form.setFields([
          { name: "name", errors: err.fieldErrors.filter((f) => f.field === "name").map((f) => f.message) },
        ]);
      } else if (!(err instanceof HttpError && err.message === "logout")) {
        void message.error(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <AuthButton
        operation={PROGRAM_PERMISSIONS.edit}
        routePermission={PROGRAM_PERMISSIONS.view}
        label={t("program.list.import")}
        icon={<ImportOutlined />}
        onClick={() => input.current?.click()}
        data-testid="program-import"
      />
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => void choose(e)}
        data-testid="program-import-file"
      />
      <Modal
        open={file !== null}
        title={t("program.import.title")}
        okText={t("program.import.ok")}
        cancelText={t("common.cancel")}
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setFile(null)}
        destroyOnHidden
        okButtonProps={{ "data-testid": "program-import-ok" }}
      >
        {file && (
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              {
                key: "canvas",
                label: t("program.list.columns.canvas"),
                children: canvasLabel(file.doc.width, file.doc.height),
              },
              { key: "scenes", label: t("program.import.scenes"), children: file.doc.scenes.length },
              { key: "media", label: t("program.import.media"), children: file.media.length },
              {
                key: "exportedAt",
                label: t("program.import.exportedAt"),
                children: formatTime(file.exportedAt),
              },
            ]}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: file?.name ?? "" }}
          onFinish={() => void send()}
        >
          <Form.Item name="name" label={t("program.make.name")} rules={programNameRules(t)}>
            <Input maxLength={PROGRAM_NAME_MAX} showCount data-testid="program-import-name" />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{t("program.import.mediaHint")}</Typography.Text>
      </Modal>
    </>
  );
}
