import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { Branding, Permission, PersonalTenant } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  Empty,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { applyBranding, pickBrand, showsOwnLogo } from "../../config/brands";
import { PALETTE } from "../../config/settings";
import { loadHostBrand } from "../../layouts/useBrand";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { useSettings } from "../../stores/settings";
import { brandApi } from "./api";
import { BrandPreview } from "./BrandPreview";
import { ImageField } from "./ImageField";
import { type BrandFormValues, brandingFromForm, formFieldOf, formFromBranding } from "./logic";
import { TenantTypeTag } from "./TenantTypeTag";

const VIEW: Permission = "sys:personalInterface:view";
const EDIT: Permission = "sys:personalInterface:edit";
const EMPTY: Branding = {};

/** The theme colour: a picker with the console's palette; cleared, the inherited colour applies. */
function ThemeColorField({
  value,
  onChange,
  disabled,
  inherited,
}: {
  value?: string;
  onChange?: (v: string) => void;
  disabled: boolean;
  inherited?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <ColorPicker
        value={value || inherited || null}
        disabled={disabled}
        disabledAlpha
        allowClear
        showText
        presets={[{ label: t("brand.palette"), colors: [...PALETTE] }]}
        onChangeComplete={(c) => onChange?.(c.toHexString())}
        onClear={() => onChange?.("")}
        data-testid="brand-color"
      />
      {!value && inherited && <Typography.Text type="secondary">{t("brand.inheritedValue")}</Typography.Text>}
    </Space>
  );
}

/** Chooses whose brand to edit: the caller's own tenant or an agent or customer in their range. */
function TenantSelect({
  own,
  value,
  onChange,
}: {
  own: PersonalTenant;
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useQuery({
    queryKey: ["brand", "tenants", "select", search],
    queryFn: () => brandApi.tenants({ pageNo: 1, pageSize: 50, name: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const label = (o: PersonalTenant) => (
    <Space size={4}>
      <TenantTypeTag type={o.type} />
      {o.name}
      {o.secondDomainName && <Typography.Text type="secondary">({o.secondDomainName})</Typography.Text>}
    </Space>
  );
  const options = [own, ...(list.data?.list ?? []).filter((o) => o.id !== own.id)].map((o) => ({
    value: o.id,
    label: label(o),
  }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={onChange}
      options={options}
      loading={list.isFetching}
      placeholder={t("brand.searchTenant")}
      style={{ minWidth: 320 }}
      notFoundContent={list.isFetching ? <Spin size="small" /> : null}
      data-testid="brand-tenant-select"
      aria-label={t("brand.tenant")}
    />
  );
}

/**
 * Personalised interface (personalInterface, sys/customer/personalInterface):
 * the brand of the caller's tenant or of a tenant below it, with a live
 * preview of the header and the sign-in page. Fields left empty inherit.
 */
export default function PersonalInterfacePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const systemName = useSettings((s) => s.settings.systemName);
  const [form] = Form.useForm<BrandFormValues>();
  const [officeId, setOfficeId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const own = useQuery({ queryKey: ["brand", "setting", "own"], queryFn: () => brandApi.personalSetting() });
  const targetId = officeId ?? own.data?.tenant.id ?? null;
  const setting = useQuery({
    queryKey: ["brand", "setting", targetId],
    queryFn: () => brandApi.personalSetting(targetId ?? undefined),
    enabled: targetId !== null,
  });
  const data = setting.data;
  const editable = data?.editable === true;
  const inherited = data?.inherited ?? EMPTY;

  useEffect(() => {
    if (data) form.setFieldsValue(formFromBranding(data.branding));
  }, [data, form]);

  const values = Form.useWatch([], form) as Partial<BrandFormValues> | undefined;
  /** The built-in brand of this address (the site configuration). */
  const site = useMemo(() => pickBrand(window.location.href), []);
  const preview = useMemo(() => {
    const base = applyBranding(site, inherited);
    return applyBranding(base, brandingFromForm(values ?? {}) as Branding);
  }, [site, inherited, values]);

  const save = async (v: BrandFormValues) => {
    if (targetId === null || !data) return;
    setSaving(true);
    try {
      await brandApi.savePersonalSetting(targetId, brandingFromForm(v));
      void message.success(t("brand.saved", { name: data.tenant.name }));
      await queryClient.invalidateQueries({ queryKey: ["brand"] });
      // The signed-in user's own brand may have changed (their tenant or one above it).
      const personal = await sessionApi.imgSetting().catch(() => null);
      if (personal) {
        useSession.getState().setPersonal({
          secondDomainName: personal.secondDomainName,
          personalType: personal.personalType,
          logo: personal.logo,
          branding: personal.branding,
        });
      }
      void loadHostBrand(true);
    } catch (err) {
      if (err instanceof HttpError && err.fieldErrors.length) {
        form.setFields(
          err.fieldErrors.map((f) => ({
            name: formFieldOf(f.field) as never,
            errors: [f.message],
          })),
        );
      }
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  if (own.isError) return <Empty description={t("brand.loadFailed")} />;
  if (!own.data || !data || targetId === null) return <Spin style={{ display: "block", margin: 48 }} />;
  const ownTenant = own.data.tenant;
  const placeholder = (v: string | undefined) =>
    v ? t("brand.inherits", { value: v }) : t("brand.emptyInherits");
  const disabled = !editable;

  return (
    <Card
      title={t("routes.personalInterface")}
      extra={
        ownTenant.type !== "customer" && (
          <TenantSelect own={ownTenant} value={targetId} onChange={(id) => setOfficeId(id)} />
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        {!editable && (
          <Alert
            type="warning"
            showIcon
            title={t("brand.notEditable", { name: data.tenant.name })}
            description={t("brand.notEditableHint")}
            data-testid="brand-not-editable"
          />
        )}
        <Row gutter={24}>
          <Col xs={24} xl={14}>
            <Form<BrandFormValues>
              form={form}
              layout="vertical"
              disabled={disabled}
              onFinish={save}
              initialValues={formFromBranding(data.branding)}
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="title" label={t("brand.fields.title")} rules={[{ max: 60 }]}>
                    <Input
                      placeholder={placeholder(inherited.title)}
                      maxLength={60}
                      data-testid="brand-title-input"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="tag" label={t("brand.fields.tag")} rules={[{ max: 60 }]}>
                    <Input
                      placeholder={placeholder(inherited.tag)}
                      maxLength={60}
                      data-testid="brand-tag-input"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="copyright" label={t("brand.fields.copyright")} rules={[{ max: 200 }]}>
                <Input
                  placeholder={placeholder(inherited.copyright)}
                  maxLength={200}
                  data-testid="brand-copyright-input"
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={10}>
                  <Form.Item
                    name="filingText"
                    label={t("brand.fields.filingText")}
                    dependencies={["filingUrl"]}
                    rules={[
                      { max: 100 },
                      ({ getFieldValue }) => ({
                        validator: (_, v: string | undefined) =>
                          !v?.trim() && String(getFieldValue("filingUrl") ?? "").trim()
                            ? Promise.reject(new Error(t("brand.filingTextRequired")))
                            : Promise.resolve(),
                      }),
                    ]}
                  >
                    <Input
                      placeholder={placeholder(inherited.filing?.text)}
                      maxLength={100}
                      data-testid="brand-filing-text"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item
                    name="filingUrl"
                    label={t("brand.fields.filingUrl")}
                    extra={t("brand.filingHelp")}
                    rules={[{ pattern: /^https?:\/\/\S+$/, message: t("brand.filingUrlFormat") }]}
                  >
                    <Input
                      placeholder={inherited.filing?.url ?? "https://"}
                      maxLength={500}
                      data-testid="brand-filing-url"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="themeColor"
                label={t("brand.fields.themeColor")}
                extra={t("brand.themeColorHelp")}
              >
                <ThemeColorField disabled={disabled} inherited={inherited.themeColor} />
              </Form.Item>
              {(["logo", "favicon", "loginBackground"] as const).map((kind) => (
                <Form.Item
                  key={kind}
                  name={kind}
                  label={t(`brand.fields.${kind}`)}
                  extra={
                    kind === "logo" && !showsOwnLogo(site)
                      ? t("brand.siteLogoHint", { site: site.title })
                      : undefined
                  }
                >
                  <ImageField
                    kind={kind}
                    officeId={targetId}
                    disabled={disabled}
                    inherited={inherited[kind]}
                  />
                </Form.Item>
              ))}
              <Form.Item label={t("brand.fields.footerLinks")} extra={t("brand.footerLinksHelp")}>
                <Form.List name="footerLinks">
                  {(fields, { add, remove }) => (
                    <Space orientation="vertical" style={{ width: "100%" }}>
                      {fields.map((field) => (
                        <Space key={field.key} align="start" wrap>
                          <Form.Item
                            name={[field.name, "name"]}
                            rules={[{ required: true, message: t("brand.linkNameRequired") }, { max: 60 }]}
                            noStyle={false}
                            style={{ marginBottom: 0 }}
                          >
                            <Input placeholder={t("brand.linkName")} maxLength={60} style={{ width: 160 }} />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, "link"]}
                            rules={[
                              { required: true, message: t("brand.linkUrlRequired") },
                              { pattern: /^(https?:\/\/|mailto:)\S+$/, message: t("brand.linkUrlFormat") },
                            ]}
                            style={{ marginBottom: 0 }}
                          >
                            <Input placeholder="https://" maxLength={500} style={{ width: 280 }} />
                          </Form.Item>
                          <Button
                            icon={<DeleteOutlined />}
                            onClick={() => remove(field.name)}
                            title={t("brand.removeLink")}
                            aria-label={t("brand.removeLink")}
                          />
                        </Space>
                      ))}
                      <Button
                        icon={<PlusOutlined />}
                        onClick={() => add({ name: "", link: "" })}
                        disabled={disabled || fields.length >= 10}
                        data-testid="brand-add-link"
                      >
                        {t("brand.addLink")}
                      </Button>
                    </Space>
                  )}
                </Form.List>
              </Form.Item>
              <Form.Item
                name="footerHtml"
                label={t("brand.fields.footerHtml")}
                extra={t("brand.footerHtmlHelp")}
                rules={[{ max: 5000 }]}
              >
                <Input.TextArea rows={3} maxLength={5000} data-testid="brand-footer-html" />
              </Form.Item>
              <Space>
                <AuthButton
                  type="primary"
                  htmlType="submit"
                  operation={EDIT}
                  routePermission={VIEW}
                  label={t("common.save")}
                  loading={saving}
                  disabled={disabled}
                  data-testid="brand-save"
                />
                <Button
                  onClick={() => form.setFieldsValue(formFromBranding(data.branding))}
                  disabled={disabled}
                >
                  {t("brand.reset")}
                </Button>
              </Space>
            </Form>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={t("brand.preview")}>
              <BrandPreview brand={preview} systemName={systemName} />
            </Card>
          </Col>
        </Row>
      </Space>
    </Card>
  );
}
