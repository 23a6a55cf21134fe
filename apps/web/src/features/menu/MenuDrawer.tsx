import {
  isHttpUrl,
  LOCALES,
  MENU_ICON_PATTERN,
  MENU_NAME_PATTERN,
  MENU_PATH_PATTERN,
  MENU_TITLE_MAX,
  type MenuEntry,
  PERMISSIONS,
} from "@marquee/contracts";
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { MENU_ICONS } from "../../layouts/icons";
import { REGISTRY } from "../../router/registry";
import { HttpError } from "../../services/http";
import { permissionLabelKey } from "../role/permissionTree";
import { MENU_PERMISSIONS, menuApi } from "./api";
import { entryTitle, type MenuForm, subtreeIds, toBody, toForm } from "./menuTree";

/** What the drawer edits: an entry, or a new one under a parent (null: top level). */
export type MenuEditing = { entry: MenuEntry } | { parent: MenuEntry | null };

const TOP = -1;
const FORM_FIELDS = new Set([
  "parentId",
  "name",
  "path",
  "icon",
  "sort",
  "permission",
  "roles",
  "invisible",
  "link",
  "frame",
  "component",
]);

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** The edit drawer of menu management: every property of an entry, titles in the six languages. */
export function MenuDrawer({
  editing,
  entries,
  onClose,
  onSaved,
}: {
  editing: MenuEditing | null;
  entries: MenuEntry[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<MenuForm, "parentId"> & { parentId: number }>();
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const entry = editing && "entry" in editing ? editing.entry : null;
  const link = Form.useWatch("link", form);

  useEffect(() => {
    if (editing) setGeneral(null);
  }, [editing]);
  // The form mounts anew for each entry (its key), starting from the entry's values.
  const initialValues = useMemo(() => {
    if (!editing) return undefined;
    const initial = "entry" in editing ? toForm(editing.entry) : toForm(null, editing.parent);
    return { ...initial, parentId: initial.parentId ?? TOP };
  }, [editing]);
  const formKey = !editing
    ? "closed"
    : "entry" in editing
      ? `e${editing.entry.id}`
      : `n${editing.parent?.id ?? "top"}`;

  // The places an entry may go: anywhere but inside itself.
  const parents = useMemo(() => {
    const excluded = entry ? subtreeIds(entry) : new Set<number>();
    const walk = (list: MenuEntry[]): ParentOption[] =>
      list
        .filter((e) => !excluded.has(e.id))
        .map((e) => ({ value: e.id, title: entryTitle(e, i18n.language), children: walk(e.children) }));
    return [{ value: TOP, title: t("menuManage.form.top"), children: [] }, ...walk(entries)];
  }, [entries, entry, i18n.language, t]);

  const iconOptions = useMemo(() => {
    const names = Object.keys(MENU_ICONS).sort();
    const current = entry?.icon;
    if (current && !names.includes(current)) names.unshift(current);
    return names.map((name) => {
      const Icon = MENU_ICONS[name];
      return {
        value: name,
        label: (
          <Space>
            {Icon && <Icon />}
            {name}
          </Space>
        ),
      };
    });
  }, [entry]);

  const permissionOptions = useMemo(
    () => [
      { value: "*", label: t("menuManage.form.permissionOpen"), search: "* open" },
      ...PERMISSIONS.map((p) => {
        const label = t(permissionLabelKey(p));
        return {
          value: p,
          search: `${p} ${label}`,
          label: (
            <span>
              {label}{" "}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p}
              </Typography.Text>
            </span>
          ),
        };
      }),
    ],
    [t],
  );

  const componentOptions = useMemo(
    () =>
      Object.keys(REGISTRY).map((name) => ({
        value: name,
        search: `${name} ${t(`routes.${name}`, { defaultValue: name })}`,
        label: `${t(`routes.${name}`, { defaultValue: name })} (${name})`,
      })),
    [t],
  );

  const save = async () => {
    let values: MenuForm & { parentId: number };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const formValues: MenuForm = {
      ...values,
      parentId: values.parentId === TOP || values.parentId === undefined ? null : values.parentId,
      icon: values.icon ?? null,
      permission: values.permission ?? null,
      component: values.component ?? null,
      roles: values.roles ?? [],
      link: values.link ?? "",
    };
    setSaving(true);
    setGeneral(null);
    try {
      await menuApi.save(toBody(formValues, entry));
      void message.success(t("menuManage.saved", { name: formValues.name }));
      onSaved();
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) return;
      const fields: Array<{ name: (string | number)[]; errors: string[] }> = [];
      const other: string[] = [];
      for (const e of err.fieldErrors) {
        const [head, sub] = e.field.split(".");
        if (head === "titles" && sub) fields.push({ name: ["titles", sub], errors: [e.message] });
        else if (head && FORM_FIELDS.has(head)) fields.push({ name: [head], errors: [e.message] });
        else other.push(e.message);
      }
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      if (other.length || fields.length === 0) setGeneral(other.length ? other.join(" ") : err.message);
    } finally {
      setSaving(false);
    }
  };

  const builtIn = entry?.builtIn === true;
  return (
    <Drawer
      open={editing !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={
        entry
          ? t("menuManage.drawerEdit", { name: entryTitle(entry, i18n.language) })
          : t("menuManage.drawerNew")
      }
      extra={
        <Space>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <AuthButton
            type="primary"
            operation={MENU_PERMISSIONS.edit}
            routePermission={MENU_PERMISSIONS.view}
            label={t("common.save")}
            loading={saving}
            onClick={() => void save()}
            data-testid="menu-save"
          />
        </Space>
      }
    >
      <Form key={formKey} form={form} initialValues={initialValues} layout="vertical" data-testid="menu-form">
        {general && (
          <Alert
            type="error"
            showIcon
            title={general}
            style={{ marginBottom: 16 }}
            data-testid="menu-form-error"
          />
        )}
        <Form.Item name="parentId" label={t("menuManage.form.parent")}>
          <TreeSelect
            treeData={parents}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: "title" }}
            data-testid="menu-parent"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t("menuManage.form.name")}
              extra={builtIn ? t("menuManage.form.nameFixed") : t("menuManage.form.nameHelp")}
              rules={[
                { required: true, whitespace: true, message: t("menuManage.form.nameRequired") },
                { pattern: MENU_NAME_PATTERN, message: t("menuManage.form.nameHelp") },
              ]}
            >
              <Input maxLength={64} disabled={builtIn} data-testid="menu-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="path"
              label={t("menuManage.form.path")}
              extra={builtIn ? t("menuManage.form.pathFixed") : t("menuManage.form.pathHelp")}
              rules={[
                { required: true, whitespace: true, message: t("menuManage.form.pathRequired") },
                { pattern: MENU_PATH_PATTERN, message: t("menuManage.form.pathHelp") },
              ]}
            >
              <Input
                maxLength={200}
                disabled={builtIn}
                placeholder="sysManage/reports"
                data-testid="menu-path"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={entry ? 16 : 24}>
            <Form.Item
              name="icon"
              label={t("menuManage.form.icon")}
              rules={[{ pattern: MENU_ICON_PATTERN, message: t("menuManage.form.iconHelp") }]}
            >
              <Select
                allowClear
                showSearch
                placeholder={t("menuManage.form.noIcon")}
                options={iconOptions}
                data-testid="menu-icon"
              />
            </Form.Item>
          </Col>
          {entry && (
            <Col span={8}>
              <Form.Item name="sort" label={t("menuManage.form.sort")} extra={t("menuManage.form.sortHelp")}>
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  style={{ width: "100%" }}
                  data-testid="menu-sort"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item
          name="permission"
          label={t("menuManage.form.permission")}
          extra={t("menuManage.form.permissionHelp")}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: "search" }}
            placeholder={t("menuManage.form.permissionNone")}
            options={permissionOptions}
            data-testid="menu-permission"
          />
        </Form.Item>
        <Form.Item name="roles" label={t("menuManage.form.roles")} extra={t("menuManage.form.rolesHelp")}>
          <Select mode="tags" tokenSeparators={[",", " "]} open={false} data-testid="menu-roles" />
        </Form.Item>
        <Form.Item name="invisible" valuePropName="checked">
          <Checkbox data-testid="menu-invisible">{t("menuManage.form.invisible")}</Checkbox>
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t("menuManage.form.target")}
        </Divider>
        <Form.Item
          name="link"
          label={t("menuManage.form.link")}
          extra={t("menuManage.form.linkHelp")}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                !v || isHttpUrl(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("menuManage.form.linkInvalid"))),
            },
          ]}
        >
          <Input maxLength={2000} placeholder="https://" data-testid="menu-link" />
        </Form.Item>
        <Form.Item name="frame" valuePropName="checked" label={t("menuManage.form.frame")}>
          <Switch disabled={!link} data-testid="menu-frame" />
        </Form.Item>
        <Form.Item
          name="component"
          label={t("menuManage.form.component")}
          extra={t("menuManage.form.componentHelp")}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: "search" }}
            disabled={Boolean(link)}
            placeholder={t("menuManage.form.componentDefault")}
            options={componentOptions}
            data-testid="menu-component"
          />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t("menuManage.form.titles")}
        </Divider>
        <Typography.Paragraph type="secondary">
          {builtIn ? t("menuManage.form.titlesBuiltIn") : t("menuManage.form.titlesHelp")}
        </Typography.Paragraph>
        <Row gutter={16}>
          {LOCALES.map((l) => (
            <Col span={12} key={l}>
              <Form.Item
                name={["titles", l]}
                label={t(`common.languages.${l}`)}
                rules={[{ max: MENU_TITLE_MAX }]}
              >
                <Input maxLength={MENU_TITLE_MAX} data-testid={`menu-title-${l}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Drawer>
  );
}
