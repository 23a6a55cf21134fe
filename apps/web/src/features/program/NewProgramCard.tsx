import { PlusOutlined } from "@ant-design/icons";
import { LIMITS } from "@marquee/program";
import { Card, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthButton } from "../../components/AuthButton";
import { PROGRAM_PERMISSIONS } from "./actions";
import { CanvasPicker, type CanvasValue } from "./CanvasPicker";
import { isCanvasSize, newProgramUrl } from "./canvas";
import { PROGRAM_NAME_MAX, programNameRules } from "./nameRules";

/** "New program": a name and a canvas, then the editor creates the program (`?new=1&name&w&h`). */
export function NewProgramCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const [canvas, setCanvas] = useState<CanvasValue>({ choice: "landscapeFhd", width: 1920, height: 1080 });
  const sizeOk = isCanvasSize(canvas.width, canvas.height);

  const create = (name: string) => {
    if (!sizeOk || canvas.width === null || canvas.height === null) return;
    navigate(newProgramUrl(name.trim(), canvas.width, canvas.height));
  };

  return (
    <Card title={t("program.make.newTitle")} data-testid="program-new">
      <Form form={form} layout="vertical" onFinish={(v) => create(v.name)} requiredMark={false}>
        <Form.Item
          name="name"
          label={t("program.make.name")}
          rules={programNameRules(t)}
          style={{ maxWidth: 480 }}
        >
          <Input
            maxLength={PROGRAM_NAME_MAX}
            showCount
            placeholder={t("program.make.namePlaceholder")}
            data-testid="program-new-name"
          />
        </Form.Item>
        <Form.Item label={t("program.make.canvas")} required>
          <CanvasPicker value={canvas} onChange={setCanvas} />
        </Form.Item>
        <Space align="center" wrap>
          <AuthButton
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            operation={PROGRAM_PERMISSIONS.edit}
            routePermission={PROGRAM_PERMISSIONS.edit}
            label={t("program.make.create")}
            disabled={!sizeOk}
            data-testid="program-create"
          />
          {!sizeOk && (
            <Typography.Text type="danger">
              {t("program.make.sizeInvalid", { min: LIMITS.canvasMin, max: LIMITS.canvasMax })}
            </Typography.Text>
          )}
        </Space>
      </Form>
    </Card>
  );
}
