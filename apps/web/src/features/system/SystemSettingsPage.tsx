import { ReloadOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Divider, Space, Spin, Typography } from "antd";
import { Fragment, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../material/useCan";
import { settingsApi } from "./api";
import { SETTING_PERMISSIONS, SettingField } from "./SettingField";
import { groupTypes } from "./settingValues";

/**
 * System settings (systemSettings, sys/sysSetting/list): every setting key
 * with a typed editor, grouped. The editors are built from the server's own
 * description of each key (getKey?debugTypes=1): its kind, bounds, options
 * and default come from the schema the server checks saves against.
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(SETTING_PERMISSIONS.edit, SETTING_PERMISSIONS.view);
  const query = useQuery({ queryKey: ["system", "settings"], queryFn: settingsApi.load });
  // Saved values, kept here so a save shows at once (and settings that depend on it follow).
  const [values, setValues] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (query.data) setValues(query.data.jsonObject);
  }, [query.data]);
  const groups = useMemo(() => (query.data ? groupTypes(query.data.types) : []), [query.data]);
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
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="system-settings">
      <Card size="small">
        <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
          <Typography.Text type="secondary">{t("system.settings.intro")}</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={reload} data-testid="setting-reload">
            {t("common.refresh")}
          </Button>
        </Space>
        {!canEdit && (
          <Alert style={{ marginTop: 12 }} type="info" showIcon title={t("system.settings.readOnly")} />
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
                canEdit={canEdit}
                onSaved={onSaved}
              />
            </Fragment>
          ))}
        </Card>
      ))}
    </Space>
  );
}
