import { EditOutlined } from "@ant-design/icons";
import type { Permission, PersonalTenant } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Form, Input, Modal, Space, Switch, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import type { FitColumns } from "../../components/fitColumns";
import { HttpError } from "../../services/http";
import { brandApi } from "./api";
import { domainAddress, normaliseLabel } from "./logic";
import { TenantTable } from "./TenantTable";
import { TenantTypeTag } from "./TenantTypeTag";

const VIEW: Permission = "sys:domainName:view";
const EDIT: Permission = "sys:domainName:edit";

interface Values {
  secondDomainName: string;
  personalType: boolean;
}

/** The address a label gives from this page. */
const addressOf = (label: string) => domainAddress(label, window.location);

/** Sets or clears one tenant's label, checked with the server as it is typed. */
function DomainDialog({
  tenant,
  onClose,
}: {
  tenant: PersonalTenant | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const typed = Form.useWatch("secondDomainName", form) ?? "";
  const { label, problem } = normaliseLabel(typed);
  // The latest check wins: an older answer arriving late is ignored.
  const latest = useRef(0);

  useEffect(() => {
    form.resetFields();
    if (tenant)
      form.setFieldsValue({
        secondDomainName: tenant.secondDomainName ?? "",
        personalType: tenant.personalType === 1,
      });
  }, [tenant, form]);

  const checkRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const n = normaliseLabel(value ?? "");
      // Empty clears the domain.
      if (n.problem === "empty" || !tenant) return;
      const id = ++latest.current;
      const r = await brandApi.checkDomainName(n.label, tenant.id).catch(() => null);
      if (id === latest.current && r && !r.available && r.message) throw new Error(r.message);
    },
  };

  const save = async (v: Values) => {
    if (!tenant) return;
    setSaving(true);
    try {
      await brandApi.saveDomainName(tenant.id, v.secondDomainName.trim(), v.personalType ? 1 : 0);
      void message.success(t("brand.domain.saved", { name: tenant.name }));
      onClose(true);
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        form.setFields(
          err.fieldErrors.map((f) => ({
            name: (f.field === "personalType" ? "personalType" : "secondDomainName") as keyof Values,
            errors: [f.message],
          })),
        );
      } else void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={tenant !== null}
      title={tenant ? t("brand.domain.editTitle", { name: tenant.name }) : ""}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t("common.save")}
      okButtonProps={{ loading: saving, "data-testid": "domain-save" }}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="secondDomainName"
          label={t("brand.domain.label")}
          extra={t("brand.domain.extra")}
          rules={[checkRule]}
          validateDebounce={300}
          hasFeedback={problem !== "empty"}
        >
          <Input
            placeholder={t("brand.domain.placeholder")}
            maxLength={63}
            autoComplete="off"
            spellCheck={false}
            data-testid="domain-input"
          />
        </Form.Item>
        <Form.Item label={t("brand.domain.address")}>
          <Typography.Text code data-testid="domain-preview">
            {problem === "empty" ? t("brand.domain.none") : addressOf(label)}
          </Typography.Text>
        </Form.Item>
        <Form.Item
          name="personalType"
          label={t("brand.columns.personalType")}
          valuePropName="checked"
          extra={t("brand.domain.personalHelp")}
        >
          <Switch data-testid="domain-personal-switch" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Create domain name (createDomainName, sys/customer/doaminNameSetting): the
 * second-level domain of each agent and customer. The platform sets them;
 * agents see theirs.
 */
export default function DomainNamePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PersonalTenant | null>(null);

  const columns: FitColumns<PersonalTenant> = [
    { key: "name", title: t("brand.columns.name"), dataIndex: "name", width: 180 },
    {
      key: "type",
      title: t("brand.columns.type"),
      width: 110,
      render: (_, r) => <TenantTypeTag type={r.type} />,
    },
    { key: "parent", drop: 1, title: t("brand.columns.parent"), dataIndex: "parentName", width: 160 },
    {
      key: "domain",
      title: t("brand.columns.domain"),
      render: (_, r) =>
        r.secondDomainName ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text strong data-testid="domain-label">
              {r.secondDomainName}
            </Typography.Text>
            <Typography.Link href={addressOf(r.secondDomainName)} target="_blank" rel="noopener noreferrer">
              {addressOf(r.secondDomainName)}
            </Typography.Link>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t("brand.domain.none")}</Typography.Text>
        ),
    },
    {
      key: "personalType",
      title: t("brand.columns.personalType"),
      width: 140,
      render: (_, r) =>
        r.personalType === 1 ? (
          <Tag color="green">{t("brand.open.on")}</Tag>
        ) : (
          <Tag>{t("brand.open.off")}</Tag>
        ),
    },
    {
      key: "actions",
      title: t("brand.columns.actions"),
      width: 140,
      render: (_, r) => (
        <AuthButton
          size="small"
          icon={<EditOutlined />}
          operation={EDIT}
          routePermission={VIEW}
          label={t("brand.domain.edit")}
          onClick={() => setEditing(r)}
          data-testid="domain-edit"
        />
      ),
    },
  ];

  return (
    <TenantTable
      kind="domain"
      title={t("routes.createDomainName")}
      help={t("brand.domain.help")}
      columns={columns}
      testId="domain"
    >
      <DomainDialog
        tenant={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void queryClient.invalidateQueries({ queryKey: ["brand"] });
        }}
      />
    </TenantTable>
  );
}
