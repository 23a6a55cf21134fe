import type { ProgramSummary } from "@marquee/contracts";
import { Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { programApi } from "../../services/program";
import { PROGRAM_NAME_MAX, programNameRules } from "./nameRules";

/** Renames a program; a refusal of the server is shown on the name field. */
export function RenameModal({
  program,
  onClose,
  onRenamed,
}: {
  program: ProgramSummary | null;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (program) form.setFieldsValue({ name: program.name });
  }, [program, form]);

  const submit = async () => {
    if (!program) return;
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      await programApi.rename(program.id, name.trim());
      onRenamed();
      onClose();
    } catch (err) {
      const text = err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err);
      form.setFields([{ name: "name", errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={program !== null}
      title={t("program.renameTitle")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "program-rename-ok" }}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t("program.make.name")} rules={programNameRules(t)}>
          <Input autoFocus maxLength={PROGRAM_NAME_MAX} showCount data-testid="program-rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
