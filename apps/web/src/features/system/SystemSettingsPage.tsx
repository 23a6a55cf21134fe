import { ReloadOutlined } from "@ant-design/icons";
import type { SettingType } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Divider, Space, Spin, Typography } from "antd";
import { Fragment, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../access/authority";
import { useSession } from "../../stores/session";
import { settingsApi } from "./api";
import { SETTING_PERMISSIONS, SettingField } from "./SettingField";
import { groupTypes } from "./settingValues";

/**
 * System settings (systemSettings, sys/sysSetting/list): every setting key
 * the user may read, with a typed editor, grouped. The editors are built from
 * the server's own description of each key (getKey?debugTypes=1): its kind,
 * bounds, options and default come from the schema the server checks saves
 * against. The server answers an agent's or customer's user only the keys
 * they may read (no platform key), and each key names the permission that
 * saves it: sys:setting:edit (the platform's users only), or a tenant key's
 * own (alarmRules: terminal:alarm:rules, saved as the user's own tenant's).
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  const query = useQuery({ queryKey: ["system", "settings"], queryFn: settingsApi.load });
  // Saved values, kept here so a save shows at once (and settings that depend on it follow).
  const [values, setValues] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (query.data) setValues(query.data.jsonObject);
  }, [query.data]);
  const groups = useMemo(() => (query.data ? groupTypes(query.data.types) : []), [query.data]);
  const mayWrite = (type: SettingType) =>
    can(type.writePermission, SETTING_PERMISSIONS.view, permissions, roles).can;
  const onSaved = useCallback((key: string, value: unknown) => {
    setValues((v) => ({ ...v, [key]: value }));
  }, []);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ["system", "settings"] });

  if (query.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title={t("system.settings.loadFailed")}
          action={<Button onClick={reload}>{t("common.refresh")}</Button>}
        />
      </Card>
    );
  }
  if (!query.data || Object.keys(values).length === 0) {
    return <Spin style={{ display: "block", margin: "80px auto" }} />;
  }
  const types = Object.values(query.data.types);
  // Without the platform's own keys, the reader is an agent's or a customer's user.
  const tenantView = !types.some((type) => type.scope === "platform");
  const canEditAny = types.some((type) => !type.readOnly && mayWrite(type));
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="system-settings">
      <Card size="small">
        <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
          <Typography.Text type="secondary">{t("system.settings.intro")}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={reload} data-testid="setting-reload">
            {t("common.refresh")}
          </Button>
        </Space>
        {tenantView ? (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={t("system.settings.tenantView")}
            data-testid="setting-tenant-view"
          />
        ) : (
          !canEditAny && (
            <Alert style={{ marginTop: 12 }} type="info" showIcon title={t("system.settings.readOnly")} />
          )
        )}
      </Card>
      {groups.map(({ group, types }) => (
        <Card
          key={`${group}-${query.dataUpdatedAt}`}
          title={t(`system.settings.groups.${group}`)}
          data-testid={`setting-group-${group}`}
        >
          {types.map((type, i) => (
            <Fragment key={type.key}>
              {i > 0 && <Divider style={{ margin: 0 }} />}
              <SettingField
                type={type}
                saved={values[type.key]}
                values={values}
                canEdit={mayWrite(type)}
                onSaved={onSaved}
              />
            </Fragment>
          ))}
        </Card>
      ))}
    </Space>
  );
}
