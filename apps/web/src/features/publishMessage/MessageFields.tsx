import {
  EMERGENCY_DISPLAYS,
  MESSAGE_KINDS,
  MESSAGE_POSITIONS,
  MESSAGE_PRIORITIES,
  type MessageDoc,
} from "@marquee/schedule";
import {
  Alert,
  AutoComplete,
  Col,
  ColorPicker,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Slider,
  Switch,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { FONT_FAMILIES, genericFontKey } from "../../editor/panels/options";
import { endPassed, endsBeforeStart } from "./form";

const TIME_FORMAT = "YYYY-MM-DD HH:mm";

/** A colour picker's value as the doc keeps it (#rrggbb). */
const color = (v: unknown) =>
  typeof v === "string" ? v : ((v as { toHexString(): string } | null)?.toHexString() ?? "#000000");

/**
 * The fields of the message form (inside its <Form>): name, content, look,
 * timing and priority. Speed is for scrolling lines, the showing length for
 * notices; the other kind's field stays in the form, hidden, with its value.
 */
export function MessageFields({
  kind,
  emergency,
  alone,
}: {
  kind: MessageDoc["kind"];
  emergency: boolean;
  alone: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t("publishMessage.form.name")}
        rules={[
          { required: true, whitespace: true, message: t("publishMessage.form.nameRequired") },
          { max: 100, message: t("publishMessage.form.nameTooLong") },
        ]}
      >
        <Input
          maxLength={100}
          placeholder={t("publishMessage.form.namePlaceholder")}
          data-testid="message-name"
        />
      </Form.Item>

      <Divider titlePlacement="start">{t("publishMessage.form.content")}</Divider>
      <Form.Item name="kind" label={t("publishMessage.form.kind")} extra={t("publishMessage.form.kindHint")}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`publishMessage.kinds.${k}`) }))}
          data-testid="message-kind"
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={t("publishMessage.form.text")}
        rules={[
          { required: true, whitespace: true, message: t("publishMessage.form.textRequired") },
          { max: 2000, message: t("publishMessage.form.textTooLong") },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={2000}
          showCount
          placeholder={t("publishMessage.form.textPlaceholder")}
          data-testid="message-text"
        />
      </Form.Item>

      <Divider titlePlacement="start">{t("publishMessage.form.look")}</Divider>
      <Typography.Paragraph type="secondary">{t("publishMessage.form.sizeHint")}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="fontFamily"
            label={t("publishMessage.form.fontFamily")}
            extra={t("publishMessage.form.fontHint")}
          >
            <AutoComplete
              allowClear
              placeholder={t("publishMessage.form.fontDefault")}
              options={FONT_FAMILIES.map((family) => {
                const key = genericFontKey(family);
                return {
                  value: family,
                  label: <span style={{ fontFamily: family }}>{key ? t(key) : family}</span>,
                };
              })}
              filterOption={(input, option) =>
                String(option?.value ?? "")
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
              maxLength={100}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="fontSize" label={t("publishMessage.form.fontSize")}>
            <InputNumber
              min={12}
              max={400}
              precision={0}
              suffix={t("publishMessage.form.pxUnit")}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="bold" label={t("publishMessage.form.bold")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="color" label={t("publishMessage.form.color")} getValueFromEvent={color}>
            <ColorPicker disabledAlpha showText />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="background" label={t("publishMessage.form.background")} getValueFromEvent={color}>
            <ColorPicker disabledAlpha showText />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="opacity" label={t("publishMessage.form.opacity")}>
            <Slider min={0} max={100} tooltip={{ formatter: (v) => `${v ?? 0}%` }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="position" label={t("publishMessage.form.position")}>
        <Radio.Group
          optionType="button"
          options={MESSAGE_POSITIONS.map((p) => ({
            value: p,
            label: t(`publishMessage.positions.${p}`),
          }))}
          data-testid="message-position"
        />
      </Form.Item>

      <Divider titlePlacement="start">{t("publishMessage.form.timing")}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={8} style={kind === "scroll" ? undefined : { display: "none" }}>
          <Form.Item name="speed" label={t("publishMessage.form.speed")}>
            <InputNumber min={10} max={2000} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8} style={kind === "notice" ? undefined : { display: "none" }}>
          <Form.Item name="noticeSec" label={t("publishMessage.form.noticeSec")}>
            <InputNumber
              min={1}
              max={86_400}
              precision={0}
              suffix={t("publishMessage.form.secondsUnit")}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="repeat"
            label={
              kind === "notice"
                ? t("publishMessage.form.repeatNotice")
                : t("publishMessage.form.repeatScroll")
            }
            extra={t("publishMessage.form.repeatHint")}
          >
            <InputNumber
              min={0}
              max={10_000}
              precision={0}
              style={{ width: "100%" }}
              data-testid="message-repeat"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="startAt" label={t("publishMessage.form.startAt")}>
            <DatePicker
              showTime={{ format: "HH:mm" }}
              format={TIME_FORMAT}
              placeholder={t("publishMessage.form.startPlaceholder")}
              style={{ width: "100%" }}
              data-testid="message-start"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="endAt"
            label={t("publishMessage.form.endAt")}
            dependencies={["startAt"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, end) =>
                  endsBeforeStart(getFieldValue("startAt"), end)
                    ? Promise.reject(new Error(t("publishMessage.form.endBeforeStart")))
                    : Promise.resolve(),
              }),
              {
                warningOnly: true,
                validator: (_, end) =>
                  endPassed(end)
                    ? Promise.reject(new Error(t("publishMessage.form.endPast")))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker
              showTime={{ format: "HH:mm" }}
              format={TIME_FORMAT}
              placeholder={t("publishMessage.form.endPlaceholder")}
              style={{ width: "100%" }}
              data-testid="message-end"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="priority" label={t("publishMessage.form.priority")}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={MESSAGE_PRIORITIES.map((p) => ({
            value: p,
            label: t(`publishMessage.priorities.${p}`),
          }))}
          data-testid="message-priority"
        />
      </Form.Item>
      {/* Kept in the form when hidden, so a normal message keeps its choice for the day it becomes urgent. */}
      <Form.Item
        name="emergencyDisplay"
        label={t("publishMessage.form.emergencyDisplay")}
        hidden={!emergency}
      >
        <Radio.Group
          optionType="button"
          options={EMERGENCY_DISPLAYS.map((d) => ({
            value: d,
            label: t(`publishMessage.form.displays.${d}`),
          }))}
          data-testid="message-emergency-display"
        />
      </Form.Item>
      {emergency ? (
        <Alert
          type="error"
          showIcon
          title={t(
            alone ? "publishMessage.form.emergencyAloneTitle" : "publishMessage.form.emergencyOverTitle",
          )}
          description={t(
            alone ? "publishMessage.form.emergencyAloneText" : "publishMessage.form.emergencyOverText",
          )}
          style={{ marginBottom: 16 }}
          data-testid="message-emergency-warning"
        />
      ) : null}
    </>
  );
}
