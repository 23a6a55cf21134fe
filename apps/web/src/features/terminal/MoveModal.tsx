import type { TerminalSummary, TerminalTreeNodeT } from "@marquee/contracts";
import { Alert, Form, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { terminalApi } from "./api";
import { BATCH_IDS, chunk } from "./batch";
import { GroupSelect, OfficeSelect } from "./pickers";
import { moveCall } from "./tree";

/** Moves the selected terminals to an office and/or a group of it. */
export function MoveModal({
  open,
  selection,
  offices,
  loaded,
  onLoad,
  onMoved,
  onClose,
}: {
  open: boolean;
  selection: TerminalSummary[];
  offices: TerminalTreeNodeT[];
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>;
  onLoad: (id: number) => Promise<void>;
  onMoved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ officeId: number; groupId?: number }>();
  const officeId = Form.useWatch("officeId", form);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const offices = new Set(selection.map((s) => s.officeId));
    const only = offices.size === 1 ? selection[0] : undefined;
    form.setFieldsValue({ officeId: only?.officeId, groupId: only?.groupId ?? undefined });
  }, [open, selection, form]);

  const submit = async () => {
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const call = moveCall(selection, v.officeId, v.groupId);
    setBusy(true);
    try {
      for (const ids of chunk(
        selection.map((s) => s.id),
        BATCH_IDS,
      )) {
        if (call.call === "group") await terminalApi.moveToGroup(ids, call.groupId);
        else await terminalApi.moveToOffice(ids, call.officeId, call.groupId);
      }
      onMoved();
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("terminal.move.title", { count: selection.length })}
      okText={t("terminal.move.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-move-ok" }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="officeId"
          label={t("terminal.move.office")}
          rules={[{ required: true, message: t("terminal.authorize.officeRequired") }]}
        >
          <OfficeSelect
            tree={offices}
            loaded={loaded}
            onLoad={onLoad}
            onChange={() => form.setFieldValue("groupId", undefined)}
            testId="terminal-move-office"
          />
        </Form.Item>
        <Form.Item name="groupId" label={t("terminal.move.group")} extra={t("terminal.move.groupHint")}>
          <GroupSelect officeId={officeId} testId="terminal-move-group" />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">{t("terminal.move.hint")}</Typography.Paragraph>
      <Alert
        type="warning"
        showIcon
        message={t("terminal.move.otherTenant")}
        data-testid="terminal-move-other-tenant"
      />
    </Modal>
  );
}
