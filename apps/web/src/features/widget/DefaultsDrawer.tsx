import type { WidgetTypeInfo } from "@marquee/contracts";
import { Alert, App, Drawer, Input, Popconfirm, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { widgetApi } from "../program/api";
import { WIDGET_PERMISSIONS } from "./permissions";
import { errorsByProp, parseDefaults, prettyDefaults } from "./rules";

/**
 * Edits the default props a new widget of a type gets: JSON in a textarea. The server
 * checks them against the type and answers field errors, listed here by prop.
 */
export function DefaultsDrawer({
  info,
  onClose,
  onSaved,
}: {
  info: WidgetTypeInfo | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Array<{ prop: string; messages: string[] }>>([]);
  const [saving, setSaving] = useState<"save" | "reset" | null>(null);

  useEffect(() => {
    if (info) {
      setText(prettyDefaults(info.defaults));
      setErrors([]);
    }
  }, [info]);

  const parsed = parseDefaults(text);
  const typeName = info ? t(`widget.types.${info.type}`) : "";

  const send = async (defaults: Record<string, unknown>, kind: "save" | "reset") => {
    if (!info) return;
    setSaving(kind);
    setErrors([]);
    try {
      await widgetApi.save({ type: info.type, defaults }, { silent: true });
      void message.success(kind === "reset" ? t("widget.defaults.resetDone") : t("widget.saved"));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length > 0) setErrors(errorsByProp(err.fieldErrors));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Drawer
      open={info !== null}
      onClose={onClose}
      size={560}
      title={t("widget.defaults.title", { name: typeName })}
      destroyOnHidden
      extra={
        <Space>
          <Popconfirm
            title={t("widget.defaults.resetConfirm")}
            okText={t("common.confirm")}
            cancelText={t("common.cancel")}
            onConfirm={() => send({}, "reset")}
          >
            <AuthButton
              operation={WIDGET_PERMISSIONS.edit}
              routePermission={WIDGET_PERMISSIONS.view}
              label={t("widget.defaults.reset")}
              loading={saving === "reset"}
              data-testid="widget-defaults-reset"
            />
          </Popconfirm>
          <AuthButton
            type="primary"
            operation={WIDGET_PERMISSIONS.edit}
            routePermission={WIDGET_PERMISSIONS.view}
            label={t("common.save")}
            loading={saving === "save"}
            disabled={!parsed.ok}
            onClick={() => parsed.ok && void send(parsed.value, "save")}
            data-testid="widget-defaults-save"
          />
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t("widget.defaults.hint")}
        </Typography.Paragraph>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 14, maxRows: 30 }}
          spellCheck={false}
          status={parsed.ok ? undefined : "error"}
          aria-label={t("widget.defaults.editor")}
          style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: 13 }}
          data-testid="widget-defaults-text"
        />
        {!parsed.ok && <Alert type="error" showIcon title={t(`widget.defaults.${parsed.reason}`)} />}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t("widget.defaults.refused")}
            data-testid="widget-defaults-errors"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {errors.map((e) => (
                  <li key={e.prop}>
                    <Typography.Text code>{e.prop || t("widget.defaults.wholeObject")}</Typography.Text>{" "}
                    {e.messages.join("; ")}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Drawer>
  );
}
