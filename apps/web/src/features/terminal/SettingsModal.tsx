import { DeleteOutlined, PlusOutlined, UndoOutlined } from "@ant-design/icons";
import { DeviceSettingsPatch, type MonitorItem } from "@marquee/contracts";
import { type DeviceSettings, ROTATIONS } from "@marquee/schedule";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  ConfigProvider,
  Form,
  InputNumber,
  Modal,
  Radio,
  Slider,
  Space,
  Switch,
  Tag,
  Typography,
} from "antd";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { terminalSetApi } from "./api";
import {
  applyPatch,
  DEFAULT_FORM_VALUES,
  type FieldModes,
  formFieldOf,
  isEmptyPatch,
  SETTING_FIELDS,
  type SettingField,
  type SettingsFormValues,
  toSettingsPatch,
  UNTOUCHED,
} from "./settingsForm";
import { TimeField } from "./TimeField";
import { WeekPreview } from "./WeekPreview";

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The form values of one terminal's current settings (its own and its strategy's), over the defaults. */
function valuesOf(s: DeviceSettings): SettingsFormValues {
  return {
    volume: s.volume ?? DEFAULT_FORM_VALUES.volume,
    brightness: s.brightness ?? DEFAULT_FORM_VALUES.brightness,
    rotation: s.rotation ?? DEFAULT_FORM_VALUES.rotation,
    heartbeatSec: s.heartbeatSec ?? DEFAULT_FORM_VALUES.heartbeatSec,
    downloadWindow: s.downloadWindow
      ? { limited: true, ...s.downloadWindow }
      : DEFAULT_FORM_VALUES.downloadWindow,
    timers: s.timers ?? [],
    volumes: s.volumes ?? [],
    autoPosition: s.autoPosition ?? false,
  };
}

/** 0–100 with a slider and a number box, as one form control. */
function PercentInput({
  value,
  onChange,
  label,
  testId,
}: {
  value?: number;
  onChange?: (v: number | null) => void;
  label: string;
  testId: string;
}) {
  return (
    <Space style={{ width: "100%" }}>
      <Slider min={0} max={100} value={value} onChange={onChange} style={{ width: 220 }} aria-label={label} />
      <InputNumber<number>
        min={0}
        max={100}
        precision={0}
        suffix="%"
        value={value}
        onChange={onChange}
        aria-label={label}
        data-testid={testId}
      />
    </Space>
  );
}

/**
 * The settings of the selected terminals (terminalSet): volume, brightness, rotation, heartbeat, download
 * window, on/off timers, volume by time of day, auto position. Only the fields the operator changed are sent,
 * a field can be cleared (the terminal falls back to its strategy or the default), and a strip shows what the
 * settings make of the coming week. `onSend` sends the patch and opens the results; its refusal (field
 * errors) comes back here.
 */
export function SettingsModal({
  open,
  ids,
  onSend,
  onClose,
}: {
  open: boolean;
  ids: readonly number[];
  onSend: (patch: DeviceSettingsPatch) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsFormValues>();
  const [modes, setModes] = useState<FieldModes>(UNTOUCHED);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const values = Form.useWatch([], form) as SettingsFormValues | undefined;
  const single = ids.length === 1 ? ids[0] : undefined;

  // With one terminal, the form starts from what it obeys now, and the preview is in its time zone.
  const current = useQuery({
    queryKey: ["terminal", "monitor", single],
    queryFn: () => terminalSetApi.monitor([single ?? 0]),
    enabled: open && single !== undefined,
  });
  const item: MonitorItem | undefined = single === undefined ? undefined : current.data?.list[0];

  useEffect(() => {
    if (!open) return;
    setModes(UNTOUCHED);
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue(DEFAULT_FORM_VALUES);
  }, [open, form]);
  useEffect(() => {
    if (open && item) form.setFieldsValue(valuesOf(item.settings));
  }, [open, item, form]);

  const patch = useMemo(
    () => (values ? toSettingsPatch({ ...DEFAULT_FORM_VALUES, ...values }, modes) : {}),
    [values, modes],
  );
  const preview = useMemo(() => {
    // A form half typed (a time being picked) must not break the strip: only a valid patch is shown.
    const valid = DeviceSettingsPatch.safeParse(patch);
    return applyPatch(item?.settings ?? {}, valid.success ? valid.data : {});
  }, [patch, item]);

  const setMode = (field: SettingField, mode: FieldModes[SettingField]) => {
    setModes((m) => ({ ...m, [field]: mode }));
    if (mode !== "clear") return;
    // A cleared field's own errors no longer matter.
    form.setFields([{ name: field, errors: [] }]);
  };

  const submit = async () => {
    setRefusal(null);
    const touched = SETTING_FIELDS.filter((f) => modes[f] === "set");
    // The store itself, not the watched copy: the last keystroke may not have reached the watch yet.
    const patch = toSettingsPatch({ ...DEFAULT_FORM_VALUES, ...form.getFieldsValue(true) }, modes);
    if (isEmptyPatch(patch)) {
      setRefusal(t("terminal.settings.nothing"));
      return;
    }
    // Only the fields to send are checked: the others are not sent.
    const ok = await form
      .validateFields(touched, { recursive: true })
      .then(() => true)
      .catch(() => false);
    if (!ok) return;
    setSending(true);
    try {
      await onSend(patch);
      onClose();
    } catch (err) {
      const named: Array<{ name: Array<string | number>; errors: string[] }> = [];
      const other: string[] = [];
      for (const e of err instanceof HttpError ? err.fieldErrors : []) {
        const name = formFieldOf(e.field);
        if (name) named.push({ name, errors: [e.message] });
        else other.push(e.message);
      }
      form.setFields(named as Parameters<typeof form.setFields>[0]);
      if (err instanceof Error && err.message !== "logout" && (named.length === 0 || other.length))
        setRefusal([named.length ? null : err.message, ...other].filter(Boolean).join(" "));
    } finally {
      setSending(false);
    }
  };

  /** One field of the form, with its state (will be set / will be cleared) and the clear / undo action. */
  const field = (name: SettingField, children: ReactNode) => {
    const mode = modes[name];
    return (
      <div
        key={name}
        style={{ display: "flex", gap: 12, alignItems: "flex-start", paddingBlock: 6 }}
        data-testid={`terminal-settings-field-${name}`}
        data-mode={mode}
      >
        <Typography.Text strong style={{ width: 150, flex: "none", paddingTop: 5 }}>
          {t(`terminal.settings.fields.${name}`)}
        </Typography.Text>
        <div style={{ flex: 1, minWidth: 0, opacity: mode === "clear" ? 0.45 : 1 }}>
          <ConfigProvider componentDisabled={mode === "clear"}>
            {/* Shows the errors of the inputs inside (they have no style of their own). */}
            <Form.Item style={{ marginBottom: 0 }}>{children}</Form.Item>
          </ConfigProvider>
        </div>
        <Space size={4} style={{ flex: "none", paddingTop: 4 }}>
          {mode === "set" && <Tag color="blue">{t("terminal.settings.willSet")}</Tag>}
          {mode === "clear" && <Tag color="orange">{t("terminal.settings.willClear")}</Tag>}
          {mode === "untouched" ? (
            <Button
              size="small"
              type="link"
              onClick={() => setMode(name, "clear")}
              title={t("terminal.settings.clearHint")}
              data-testid={`terminal-settings-clear-${name}`}
            >
              {t("terminal.settings.clear")}
            </Button>
          ) : (
            <Button
              size="small"
              type="text"
              icon={<UndoOutlined />}
              onClick={() => {
                setMode(name, "untouched");
                form.resetFields([name]);
                form.setFieldValue(name, (item ? valuesOf(item.settings) : DEFAULT_FORM_VALUES)[name]);
              }}
              title={t("terminal.settings.undo")}
              aria-label={t("terminal.settings.undo")}
              data-testid={`terminal-settings-undo-${name}`}
            />
          )}
        </Space>
      </div>
    );
  };

  const percent = (name: "volume" | "brightness") => (
    <Form.Item name={name} noStyle rules={[{ required: true, message: t("terminal.settings.required") }]}>
      <PercentInput label={t(`terminal.settings.fields.${name}`)} testId={`terminal-settings-${name}`} />
    </Form.Item>
  );

  const timeItem = (name: Array<string | number>, label: string, testId: string, disabled?: boolean) => (
    <Form.Item name={name} noStyle rules={[{ required: true, message: t("terminal.settings.required") }]}>
      <TimeField label={label} testId={testId} disabled={disabled} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      width={820}
      title={t("terminal.settings.title", { count: ids.length })}
      okText={t("terminal.settings.send")}
      cancelText={t("common.cancel")}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-settings-ok" }}
      data-testid="terminal-settings-modal"
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Alert
          type="info"
          showIcon
          title={
            item
              ? t("terminal.settings.hintOne", { name: item.name })
              : t("terminal.settings.hint", { count: ids.length })
          }
        />
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="terminal-settings-refused" />}
        <Form<SettingsFormValues>
          form={form}
          initialValues={DEFAULT_FORM_VALUES}
          onValuesChange={(changed) => {
            const keys = Object.keys(changed).filter((k): k is SettingField =>
              (SETTING_FIELDS as readonly string[]).includes(k),
            );
            if (keys.length) setModes((m) => ({ ...m, ...Object.fromEntries(keys.map((k) => [k, "set"])) }));
          }}
        >
          {field("volume", percent("volume"))}
          {field("brightness", percent("brightness"))}
          {field(
            "rotation",
            <Form.Item name="rotation" noStyle>
              <Radio.Group optionType="button" data-testid="terminal-settings-rotation">
                {ROTATIONS.map((r) => (
                  <Radio.Button key={r} value={r}>
                    {`${r}°`}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>,
          )}
          {field(
            "heartbeatSec",
            <Space>
              <Form.Item
                name="heartbeatSec"
                noStyle
                rules={[{ required: true, message: t("terminal.settings.required") }]}
              >
                <InputNumber<number>
                  min={10}
                  max={3600}
                  precision={0}
                  aria-label={t("terminal.settings.fields.heartbeatSec")}
                  data-testid="terminal-settings-heartbeatSec"
                />
              </Form.Item>
              <Typography.Text type="secondary">{t("terminal.settings.heartbeatHint")}</Typography.Text>
            </Space>,
          )}
          {field(
            "downloadWindow",
            <Space wrap>
              <Form.Item name={["downloadWindow", "limited"]} valuePropName="checked" noStyle>
                <Switch
                  checkedChildren={t("terminal.settings.windowLimited")}
                  unCheckedChildren={t("terminal.settings.windowAny")}
                  data-testid="terminal-settings-window-limited"
                />
              </Form.Item>
              {timeItem(
                ["downloadWindow", "start"],
                t("terminal.settings.from"),
                "terminal-settings-window-start",
                values?.downloadWindow?.limited === false,
              )}
              <span>–</span>
              {timeItem(
                ["downloadWindow", "end"],
                t("terminal.settings.to"),
                "terminal-settings-window-end",
                values?.downloadWindow?.limited === false,
              )}
            </Space>,
          )}
          {field(
            "timers",
            <Form.List name="timers">
              {(rows, { add, remove }) => (
                <Space
                  orientation="vertical"
                  style={{ width: "100%" }}
                  data-testid="terminal-settings-timers"
                >
                  {rows.length === 0 && (
                    <Typography.Text type="secondary">{t("terminal.settings.noTimers")}</Typography.Text>
                  )}
                  {rows.map((row) => (
                    <Space key={row.key} wrap align="start" data-testid="terminal-settings-timer">
                      <Form.Item
                        name={[row.name, "weekdays"]}
                        rules={[
                          { required: true, type: "array", min: 1, message: t("terminal.settings.weekdays") },
                        ]}
                        style={{ marginBottom: 0 }}
                      >
                        <Checkbox.Group
                          options={WEEKDAYS.map((d) => ({
                            value: d,
                            label: t(`playPlan.weekdays.short.${d}`),
                          }))}
                        />
                      </Form.Item>
                      {timeItem(
                        [row.name, "on"],
                        t("terminal.settings.on"),
                        `terminal-settings-timer-on-${row.name}`,
                      )}
                      <span>–</span>
                      {timeItem(
                        [row.name, "off"],
                        t("terminal.settings.off"),
                        `terminal-settings-timer-off-${row.name}`,
                      )}
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => {
                          remove(row.name);
                          setMode("timers", "set");
                        }}
                        aria-label={t("terminal.settings.removeRow")}
                        title={t("terminal.settings.removeRow")}
                      />
                    </Space>
                  ))}
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      add({ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "20:00" });
                      setMode("timers", "set");
                    }}
                    data-testid="terminal-settings-timer-add"
                  >
                    {t("terminal.settings.addTimer")}
                  </Button>
                  <Typography.Text type="secondary">{t("terminal.settings.timersHint")}</Typography.Text>
                </Space>
              )}
            </Form.List>,
          )}
          {field(
            "volumes",
            <Form.List name="volumes">
              {(rows, { add, remove }) => (
                <Space
                  orientation="vertical"
                  style={{ width: "100%" }}
                  data-testid="terminal-settings-volumes"
                >
                  {rows.length === 0 && (
                    <Typography.Text type="secondary">{t("terminal.settings.noVolumes")}</Typography.Text>
                  )}
                  {rows.map((row) => (
                    <Space key={row.key} wrap data-testid="terminal-settings-volume-rule">
                      {timeItem(
                        [row.name, "start"],
                        t("terminal.settings.from"),
                        `terminal-settings-vol-start-${row.name}`,
                      )}
                      <span>–</span>
                      {timeItem(
                        [row.name, "end"],
                        t("terminal.settings.to"),
                        `terminal-settings-vol-end-${row.name}`,
                      )}
                      <Form.Item
                        name={[row.name, "volume"]}
                        noStyle
                        rules={[{ required: true, message: t("terminal.settings.required") }]}
                      >
                        <InputNumber<number>
                          min={0}
                          max={100}
                          precision={0}
                          suffix="%"
                          aria-label={t("terminal.settings.fields.volume")}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => {
                          remove(row.name);
                          setMode("volumes", "set");
                        }}
                        aria-label={t("terminal.settings.removeRow")}
                        title={t("terminal.settings.removeRow")}
                      />
                    </Space>
                  ))}
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      add({ start: "22:00", end: "07:00", volume: 10 });
                      setMode("volumes", "set");
                    }}
                    data-testid="terminal-settings-volume-add"
                  >
                    {t("terminal.settings.addVolume")}
                  </Button>
                </Space>
              )}
            </Form.List>,
          )}
          {field(
            "autoPosition",
            <Space>
              <Form.Item name="autoPosition" valuePropName="checked" noStyle>
                <Switch data-testid="terminal-settings-autoPosition" />
              </Form.Item>
              <Typography.Text type="secondary">{t("terminal.settings.autoPositionHint")}</Typography.Text>
            </Space>,
          )}
        </Form>
        <Collapse
          size="small"
          defaultActiveKey={["preview"]}
          items={[
            {
              key: "preview",
              label: item ? t("terminal.preview.titleOne", { name: item.name }) : t("terminal.preview.title"),
              children: (
                <WeekPreview settings={preview} timezone={item?.timezone ?? BROWSER_ZONE} now={now} />
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
