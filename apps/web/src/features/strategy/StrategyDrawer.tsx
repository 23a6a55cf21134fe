import type { StrategySummary } from "@marquee/contracts";
import { Alert, Button, Drawer, Form, type FormInstance, Input, Space, Tabs } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { OfficeSelect } from "../terminal/pickers";
import type { useOfficeTree } from "../terminal/useOfficeTree";
import { strategyApi } from "./api";
import { DocEditor } from "./DocEditor";
import { docProblems, EMPTY_FORM, formFieldOf, type StrategyFormValues, toDoc, toFormValues } from "./doc";
import { STRATEGY_PERMISSIONS, STRATEGY_ROUTE_PERMISSION } from "./permissions";
import { RelatedTerminals } from "./RelatedTerminals";
import { StrategyPreview } from "./StrategyPreview";

/** Errors set on the form's fields (paths computed from the document's checks and the server's answer). */
type Fields = Parameters<FormInstance<StrategyFormValues>["setFields"]>[0];

/**
 * Creates or edits one strategy: its name, office and remarks, its timed settings with a preview of the
 * coming week, and (once saved) the screens that follow it. The document is checked here with the same
 * schema the server applies; what the server still refuses is shown at its field.
 */
export function StrategyDrawer({
  open,
  strategy,
  offices,
  onClose,
  onSaved,
  onChanged,
  onSend,
}: {
  open: boolean;
  /** null: a new strategy. */
  strategy: StrategySummary | null;
  offices: ReturnType<typeof useOfficeTree>;
  onClose: () => void;
  onSaved: (strategy: StrategySummary) => void;
  /** Its related screens changed (the list's counts). */
  onChanged: () => void;
  onSend: (strategyId: number, terminalIds?: readonly number[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StrategyFormValues>();
  const [tab, setTab] = useState("settings");
  const [saving, setSaving] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const id = strategy?.id;
  /** A new strategy was just saved: the drawer goes on with it as it is, without a reset. */
  const justSaved = useRef(false);

  // A new strategy starts empty in the caller's first office; an open one from what is stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another strategy is opened
  useEffect(() => {
    if (!open) return;
    if (justSaved.current) {
      justSaved.current = false;
      return;
    }
    form.resetFields();
    form.setFieldsValue(strategy ? toFormValues(strategy) : { ...EMPTY_FORM, officeId: offices.tree[0]?.id });
    setGeneral(null);
    setSavedNote(false);
    if (!strategy) setTab("settings");
  }, [open, id]);

  const save = async () => {
    setGeneral(null);
    setSavedNote(false);
    let values: StrategyFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const doc = toDoc(values);
    const problems = docProblems(doc);
    if (problems.length) {
      form.setFields(
        problems.map((p) => ({ name: p.name, errors: [t(`strategy.form.problems.${p.key}`)] })) as Fields,
      );
      return;
    }
    setSaving(true);
    try {
      const answer = await strategyApi.save({
        ...(id !== undefined ? { id } : {}),
        officeId: values.officeId as number,
        name: values.name.trim(),
        remarks: values.remarks.trim() || null,
        doc,
      });
      setSavedNote(true);
      justSaved.current = answer.strategy.id !== id;
      onSaved(answer.strategy);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.message === "logout") return;
      const named = err.fieldErrors.map((e) => ({
        name: formFieldOf(e.field.split(".")),
        errors: [e.message],
      }));
      if (named.length) form.setFields(named as Fields);
      else setGeneral(err.message);
    } finally {
      setSaving(false);
    }
  };

  const settings = (
    <Form<StrategyFormValues>
      form={form}
      layout="vertical"
      requiredMark="optional"
      data-testid="strategy-form"
    >
      {general && <Alert type="error" showIcon title={general} style={{ marginBottom: 16 }} />}
      {savedNote && (
        <Alert
          type="success"
          showIcon
          title={t("strategy.drawer.saved")}
          description={strategy?.terminalCount ? t("strategy.drawer.savedHint") : undefined}
          style={{ marginBottom: 16 }}
          data-testid="strategy-saved"
        />
      )}
      <Form.Item
        name="name"
        label={t("strategy.form.name")}
        rules={[
          { required: true, whitespace: true, message: t("strategy.form.nameRequired") },
          { max: 64, message: t("strategy.form.nameTooLong") },
        ]}
      >
        <Input maxLength={64} data-testid="strategy-name" />
      </Form.Item>
      <Form.Item
        name="officeId"
        label={t("strategy.form.office")}
        rules={[{ required: true, message: t("strategy.form.officeRequired") }]}
      >
        <OfficeSelect
          tree={offices.tree}
          loaded={offices.loaded}
          onLoad={offices.loadChildren}
          testId="strategy-office"
        />
      </Form.Item>
      <Form.Item name="remarks" label={t("strategy.form.remarks")}>
        <Input.TextArea
          maxLength={500}
          autoSize={{ minRows: 1, maxRows: 4 }}
          data-testid="strategy-remarks"
        />
      </Form.Item>
      <DocEditor form={form} />
      <StrategyPreview form={form} />
    </Form>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={
        strategy ? t("strategy.drawer.editTitle", { name: strategy.name }) : t("strategy.drawer.newTitle")
      }
      extra={
        tab === "settings" && (
          <Space>
            <Button onClick={onClose}>{t("strategy.drawer.close")}</Button>
            <AuthButton
              type="primary"
              loading={saving}
              operation={STRATEGY_PERMISSIONS.edit}
              routePermission={STRATEGY_ROUTE_PERMISSION}
              label={t("strategy.drawer.save")}
              onClick={() => void save()}
              data-testid="strategy-save"
            />
          </Space>
        )
      }
      data-testid="strategy-drawer"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: "settings", label: t("strategy.drawer.settingsTab"), forceRender: true, children: settings },
          {
            key: "terminals",
            label: t("strategy.drawer.terminalsTab", { count: strategy?.terminalCount ?? 0 }),
            disabled: !strategy,
            children: strategy && (
              <RelatedTerminals
                strategy={strategy}
                offices={offices}
                onChanged={async () => {
                  onChanged();
                  // The tab's count and the list's follow the server.
                  const fresh = await strategyApi.detail(strategy.id);
                  onSaved(fresh.strategy);
                }}
                onSend={onSend}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
