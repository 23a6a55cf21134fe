import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { DEVICE_WEEKDAYS } from "@marquee/schedule";
import {
  Button,
  Card,
  Checkbox,
  Form,
  type FormInstance,
  InputNumber,
  Slider,
  Space,
  Switch,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { TimeField } from "../terminal/TimeField";
import { NEW_TIMER, NEW_VOLUME_RULE, type StrategyFormValues, timerSpan } from "./doc";

/** The most rows each list takes (DeviceSettings: 28 timers, 48 volume rules). */
const MAX_TIMERS = 28;
const MAX_VOLUMES = 48;

/** A line under a timer or a volume rule saying how it runs when it crosses midnight or lasts all day. */
function SpanHint({
  list,
  index,
  from,
  to,
}: {
  list: "timers" | "volumes";
  index: number;
  from: string;
  to: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldValue }) => {
        const a = getFieldValue([list, index, from]) as string | undefined;
        const b = getFieldValue([list, index, to]) as string | undefined;
        const span = timerSpan(a, b);
        if (span === "sameDay") return null;
        return (
          <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`strategy-${list}-hint`}>
            {t(`strategy.form.${list === "timers" ? "timer" : "rule"}.${span}`, { from: a, to: b })}
          </Typography.Text>
        );
      }}
    </Form.Item>
  );
}

/**
 * The timed settings of a strategy: weekly on/off timers (weekday boxes, on and off times; one crossing
 * midnight is explained), volume rules by time of day, a base volume and the brightness, each of the last
 * two switched on only when the strategy should set it.
 */
export function DocEditor({ form }: { form: FormInstance<StrategyFormValues> }) {
  const { t } = useTranslation();
  const useVolume = Form.useWatch("useVolume", form);
  const useBrightness = Form.useWatch("useBrightness", form);
  const weekdayOptions = DEVICE_WEEKDAYS.map((d) => ({ value: d, label: t(`playPlan.weekdays.short.${d}`) }));

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%", marginBottom: 16 }}>
      <Card size="small" title={t("strategy.form.timers")} data-testid="strategy-timers">
        <Typography.Paragraph type="secondary">{t("strategy.form.timersHelp")}</Typography.Paragraph>
        <Form.List name="timers">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: "100%" }}>
              {fields.map((field) => (
                <div key={field.key} data-testid="strategy-timer-row">
                  <Space wrap align="start">
                    <Form.Item
                      name={[field.name, "weekdays"]}
                      rules={[
                        {
                          required: true,
                          type: "array",
                          min: 1,
                          message: t("strategy.form.weekdaysRequired"),
                        },
                      ]}
                      style={{ marginBottom: 4 }}
                    >
                      <Checkbox.Group options={weekdayOptions} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, "on"]}
                      // A time is always set (it starts filled in): not "optional".
                      required
                      label={t("strategy.form.on")}
                      style={{ marginBottom: 4 }}
                      layout="horizontal"
                    >
                      <TimeField label={t("strategy.form.on")} testId="strategy-timer-on" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, "off"]}
                      // A time is always set (it starts filled in): not "optional".
                      required
                      label={t("strategy.form.off")}
                      style={{ marginBottom: 4 }}
                      layout="horizontal"
                    >
                      <TimeField label={t("strategy.form.off")} testId="strategy-timer-off" />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t("strategy.form.removeTimer")}
                      title={t("strategy.form.removeTimer")}
                    />
                  </Space>
                  <SpanHint list="timers" index={field.name} from="on" to="off" />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_TIMERS}
                onClick={() => add({ ...NEW_TIMER, weekdays: [...NEW_TIMER.weekdays] })}
                data-testid="strategy-add-timer"
              >
                {t("strategy.form.addTimer")}
              </Button>
            </Space>
          )}
        </Form.List>
      </Card>

      <Card size="small" title={t("strategy.form.volumes")} data-testid="strategy-volumes">
        <Typography.Paragraph type="secondary">{t("strategy.form.volumesHelp")}</Typography.Paragraph>
        <Form.List name="volumes">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: "100%" }}>
              {fields.map((field) => (
                <div key={field.key} data-testid="strategy-volume-row">
                  <Space wrap align="start">
                    <Form.Item
                      name={[field.name, "start"]}
                      // A time is always set (it starts filled in): not "optional".
                      required
                      label={t("strategy.form.from")}
                      style={{ marginBottom: 4 }}
                      layout="horizontal"
                    >
                      <TimeField label={t("strategy.form.from")} testId="strategy-volume-start" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, "end"]}
                      // A time is always set (it starts filled in): not "optional".
                      required
                      label={t("strategy.form.to")}
                      style={{ marginBottom: 4 }}
                      layout="horizontal"
                    >
                      <TimeField label={t("strategy.form.to")} testId="strategy-volume-end" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, "volume"]}
                      label={t("strategy.form.level")}
                      rules={[{ required: true, message: t("strategy.form.levelRequired") }]}
                      style={{ marginBottom: 4 }}
                      layout="horizontal"
                    >
                      <InputNumber
                        min={0}
                        max={100}
                        precision={0}
                        aria-label={t("strategy.form.level")}
                        data-testid="strategy-volume-level"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t("strategy.form.removeRule")}
                      title={t("strategy.form.removeRule")}
                    />
                  </Space>
                  <SpanHint list="volumes" index={field.name} from="start" to="end" />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_VOLUMES}
                onClick={() => add({ ...NEW_VOLUME_RULE })}
                data-testid="strategy-add-volume"
              >
                {t("strategy.form.addRule")}
              </Button>
            </Space>
          )}
        </Form.List>
      </Card>

      <Card size="small" title={t("strategy.form.levels")}>
        <Form.Item label={t("strategy.form.baseVolume")} extra={t("strategy.form.baseVolumeHelp")}>
          <Space align="center" style={{ width: "100%" }}>
            <Form.Item name="useVolume" valuePropName="checked" noStyle>
              <Switch aria-label={t("strategy.form.setBaseVolume")} data-testid="strategy-use-volume" />
            </Form.Item>
            <Form.Item name="volume" noStyle>
              <Slider min={0} max={100} disabled={!useVolume} style={{ width: 260 }} />
            </Form.Item>
            {!useVolume && <Typography.Text type="secondary">{t("strategy.form.notSet")}</Typography.Text>}
          </Space>
        </Form.Item>
        <Form.Item label={t("strategy.form.brightness")} style={{ marginBottom: 0 }}>
          <Space align="center" style={{ width: "100%" }}>
            <Form.Item name="useBrightness" valuePropName="checked" noStyle>
              <Switch aria-label={t("strategy.form.setBrightness")} data-testid="strategy-use-brightness" />
            </Form.Item>
            <Form.Item name="brightness" noStyle>
              <Slider
                min={0}
                max={100}
                disabled={!useBrightness}
                tooltip={{ formatter: (v) => `${v}%` }}
                style={{ width: 260 }}
              />
            </Form.Item>
            {!useBrightness && (
              <Typography.Text type="secondary">{t("strategy.form.notSet")}</Typography.Text>
            )}
          </Space>
        </Form.Item>
      </Card>
    </Space>
  );
}
