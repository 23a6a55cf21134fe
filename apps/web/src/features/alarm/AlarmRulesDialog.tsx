import { type AlarmRules, DEFAULT_ALARM_RULES } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, type ButtonProps, Modal, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { type SettingErrors, settingErrors } from "../system/settingValues";
import { AlarmRulesEditor } from "./AlarmRulesEditor";
import { alarmApi } from "./api";

/**
 * The alarm rules of the user's own tenant (the setting alarmRules) in a
 * dialog: read as in force for it (its own, else the nearest tenant above
 * that keeps some, else the platform's) and saved with saveKey as its own.
 */
export function AlarmRulesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ["alarm", "rules"], queryFn: alarmApi.rules, enabled: open });
  const [draft, setDraft] = useState<unknown>(null);
  const [errors, setErrors] = useState<SettingErrors | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && current.data) setDraft(current.data.jsonObject.alarmRules ?? DEFAULT_ALARM_RULES);
  }, [open, current.data]);
  const close = () => {
    setErrors(null);
    setDraft(null);
    onClose();
  };
  const save = async () => {
    setSaving(true);
    setErrors(null);
    try {
      await alarmApi.saveRules(draft as AlarmRules);
      await queryClient.invalidateQueries({ queryKey: ["alarm", "rules"] });
      void message.success(t("alarm.rules.saved"));
      close();
    } catch (err) {
      if (err instanceof HttpError) setErrors(settingErrors(err.fieldErrors, err.message));
      else setErrors({ own: (err as Error).message, fields: {} });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t("system.settings.keys.alarmRules.label")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      onOk={() => void save()}
      onCancel={close}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
      okButtonProps={{ disabled: draft === null, "data-testid": "alarm-rules-save" } as ButtonProps}
      data-testid="alarm-rules-dialog"
    >
      <Typography.Paragraph type="secondary">{t("alarm.rules.scope")}</Typography.Paragraph>
      {current.isError ? (
        <Alert type="error" showIcon title={t("alarm.rules.loadFailed")} />
      ) : draft === null ? (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      ) : (
        <AlarmRulesEditor
          type={{ key: "alarmRules" }}
          value={draft}
          onChange={(v) => {
            setDraft(v);
            setErrors(null);
          }}
          disabled={saving}
          fieldErrors={errors?.fields ?? {}}
        />
      )}
      {errors?.own && (
        <Typography.Text type="danger" data-testid="alarm-rules-error">
          {errors.own}
        </Typography.Text>
      )}
    </Modal>
  );
}
