import type { OfficeNode } from "@marquee/contracts";
import { Alert, App, Form, Modal, TreeSelect, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formErrors } from "../terminal/errors";
import { officeApi } from "./api";
import { type Branch, branches, useLazyTree } from "./lazyTree";

interface Option {
  value: number;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
  children?: Option[];
}

/** Whether a node may take `moving` as a child: customers go under the platform or an agent only. */
function takes(target: OfficeNode, moving: Pick<OfficeNode, "id" | "type" | "parentId">): boolean {
  if (target.id === moving.id || target.id === moving.parentId) return false;
  if (moving.type === "customer") return target.type === "platform" || target.type === "agent";
  if (moving.type === "agent") return target.type === "platform";
  return true;
}

/** Moves an office (and everything below it) under another one chosen on the caller's tree. */
export function MoveModal({
  office,
  onMoved,
  onClose,
}: {
  office: Pick<OfficeNode, "id" | "name" | "type" | "parentId"> | null;
  onMoved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parentId: number }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fetch = useCallback(async (id?: number) => (await officeApi.children(id)).list, []);
  const { state, load } = useLazyTree<OfficeNode>(fetch);

  useEffect(() => {
    if (!office) return;
    setRefusal(null);
    form.resetFields();
  }, [office, form]);

  const options = useMemo(() => {
    if (!office) return [];
    // The office itself is shown but not opened: nothing below it can take it.
    const toOption = (b: Branch<OfficeNode>): Option => ({
      value: b.node.id,
      title: `${b.node.name}${b.node.type === "institution" ? "" : ` · ${t(`office.types.${b.node.type}`)}`}`,
      isLeaf: b.node.id === office.id || b.node.isLeaf,
      disabled: !takes(b.node, office),
      children: b.node.id === office.id ? undefined : b.children?.map(toOption),
    });
    return branches(state).map(toOption);
  }, [state, office, t]);

  const submit = async () => {
    if (!office) return;
    // An invalid form shows its own messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setRefusal(null);
    try {
      await officeApi.move(office.id, v.parentId);
      void message.success(t("office.move.done", { name: office.name }));
      onMoved();
      onClose();
    } catch (err) {
      const shown = formErrors(err, ["parentId"]);
      form.setFields(shown.fields);
      setRefusal(shown.general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={office !== null}
      title={t("office.move.title", { name: office?.name ?? "" })}
      okText={t("office.move.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "office-move-ok" }}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="office-move-error"
        />
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="parentId"
          label={t("office.move.target")}
          rules={[{ required: true, message: t("office.move.targetRequired") }]}
        >
          <TreeSelect
            style={{ width: "100%" }}
            treeData={options}
            treeDefaultExpandedKeys={state.roots?.map((r) => r.id)}
            loadData={async (node) => {
              if (typeof node.value === "number") await load(node.value);
            }}
            showSearch
            treeNodeFilterProp="title"
            data-testid="office-move-target"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t("office.move.hint")}</Typography.Text>
    </Modal>
  );
}
