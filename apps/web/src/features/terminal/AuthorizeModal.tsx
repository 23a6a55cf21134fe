import type { TerminalTreeNodeT } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { terminalApi } from "./api";
import { ENROL_CODE, normaliseCode } from "./enrol";
import { formErrors } from "./errors";
import { GroupSelect, OfficeSelect } from "./pickers";

interface Values {
  enrolCode: string;
  officeId: number;
  groupId?: number;
  name?: string;
}

/** "Authorise a screen": the code shown on the screen, the office (and group) it joins, an optional name. */
export function AuthorizeModal({
  open,
  initialCode,
  offices,
  loaded,
  onLoad,
  onClose,
}: {
  open: boolean;
  /** A pending terminal's code, when the operator started from its row. */
  initialCode: string;
  offices: TerminalTreeNodeT[];
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>;
  onLoad: (id: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const officeId = Form.useWatch("officeId", form);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue({
      enrolCode: initialCode,
      officeId: offices.length === 1 ? offices[0]?.id : undefined,
    });
  }, [open, initialCode, offices, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setRefusal(null);
    try {
      const name = v.name?.trim();
      const r = await terminalApi.authorize({
        enrolCode: normaliseCode(v.enrolCode),
        officeId: v.officeId,
        groupId: v.groupId,
        name: name || undefined,
      });
      void message.success(t("terminal.authorize.done", { name: r.terminal.name }));
      await queryClient.invalidateQueries({ queryKey: ["terminal"] });
      onClose();
    } catch (err) {
      const shown = formErrors(err, ["enrolCode", "officeId", "groupId", "name"]);
      form.setFields(shown.fields);
      setRefusal(shown.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("terminal.authorize.title")}
      okText={t("terminal.authorize.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-authorize-ok" }}
    >
      <Typography.Paragraph type="secondary">{t("terminal.authorize.hint")}</Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="terminal-authorize-error"
        />
      )}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="enrolCode"
          label={t("terminal.authorize.code")}
          normalize={(v: string) => normaliseCode(v)}
          rules={[
            { required: true, message: t("terminal.authorize.codeRequired") },
            { pattern: ENROL_CODE, message: t("terminal.authorize.codeInvalid") },
          ]}
        >
          <Input
            autoFocus
            maxLength={6}
            placeholder="A1B2C3"
            style={{ fontFamily: "monospace", letterSpacing: 4, textTransform: "uppercase" }}
            data-testid="terminal-authorize-code"
          />
        </Form.Item>
        <Form.Item
          name="officeId"
          label={t("terminal.authorize.office")}
          rules={[{ required: true, message: t("terminal.authorize.officeRequired") }]}
        >
          <OfficeSelect
            tree={offices}
            loaded={loaded}
            onLoad={onLoad}
            onChange={() => form.setFieldValue("groupId", undefined)}
            testId="terminal-authorize-office"
          />
        </Form.Item>
        <Form.Item name="groupId" label={t("terminal.authorize.group")}>
          <GroupSelect officeId={officeId} testId="terminal-authorize-group" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t("terminal.authorize.name")}
          rules={[{ max: 100, message: t("terminal.nameTooLong", { max: 100 }) }]}
        >
          <Input
            maxLength={100}
            placeholder={t("terminal.authorize.namePlaceholder")}
            data-testid="terminal-authorize-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
