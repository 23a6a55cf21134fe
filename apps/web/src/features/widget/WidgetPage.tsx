import { SettingOutlined } from "@ant-design/icons";
import type { WidgetTypeInfo } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Card, Space, Switch, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { widgetApi } from "../program/api";
import { DefaultsDrawer } from "./DefaultsDrawer";
import { WidgetIcon } from "./icons";
import { WIDGET_PERMISSIONS } from "./permissions";
import { WIDGET_CATEGORIES } from "./rules";
import { WidgetImage } from "./WidgetImage";

const CATEGORY_COLORS = { basic: "blue", media: "purple", data: "cyan", interactive: "orange" } as const;
const NO_TYPES: WidgetTypeInfo[] = [];

/** Widget management (widgetManagement, widget/list): which types the editor offers, their defaults and images. */
export default function WidgetPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(WIDGET_PERMISSIONS.edit, WIDGET_PERMISSIONS.view);
  const [editing, setEditing] = useState<WidgetTypeInfo | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const list = useQuery({ queryKey: ["widget", "list"], queryFn: () => widgetApi.list() });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["widget"] }),
    [queryClient],
  );
  const all = list.data?.list ?? NO_TYPES;
  // Catalogue order within each category; the sort is stable.
  const rows = useMemo(
    () =>
      [...all].sort((a, b) => WIDGET_CATEGORIES.indexOf(a.category) - WIDGET_CATEGORIES.indexOf(b.category)),
    [all],
  );

  const toggle = async (info: WidgetTypeInfo, enabled: boolean) => {
    setSwitching(info.type);
    try {
      await widgetApi.save({ type: info.type, enabled });
      void message.success(
        t(enabled ? "widget.enabledDone" : "widget.disabledDone", { name: t(`widget.types.${info.type}`) }),
      );
      refresh();
    } catch {
      // the http client has shown why
    } finally {
      setSwitching(null);
    }
  };

  const columns: TableColumnsType<WidgetTypeInfo> = [
    {
      key: "widget",
      title: t("widget.columns.widget"),
      render: (_, w) => (
        <Space size="middle" align="start">
          <WidgetIcon info={w} size={36} alt={t(`widget.types.${w.type}`)} />
          <div>
            <Typography.Text strong>{t(`widget.types.${w.type}`)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t(`widget.descriptions.${w.type}`)}</Typography.Text>
          </div>
        </Space>
      ),
    },
    {
      key: "category",
      title: t("widget.columns.category"),
      width: 140,
      render: (_, w) => <Tag color={CATEGORY_COLORS[w.category]}>{t(`widget.categories.${w.category}`)}</Tag>,
    },
    {
      key: "enabled",
      title: t("widget.columns.enabled"),
      width: 110,
      render: (_, w) => (
        <Switch
          checked={w.enabled}
          disabled={!canEdit}
          title={canEdit ? undefined : t("common.noPermission")}
          loading={switching === w.type}
          onChange={(on) => void toggle(w, on)}
          aria-label={t("widget.columns.enabled")}
          data-testid="widget-enabled"
        />
      ),
    },
    {
      key: "actions",
      title: t("widget.columns.actions"),
      width: 380,
      render: (_, w) => (
        <Space size={4} wrap>
          <AuthButton
            size="small"
            operation={WIDGET_PERMISSIONS.edit}
            routePermission={WIDGET_PERMISSIONS.view}
            label={t("widget.defaults.open")}
            icon={<SettingOutlined />}
            onClick={() => setEditing(w)}
            data-testid="widget-defaults"
          />
          <WidgetImage info={w} onChanged={refresh} />
        </Space>
      ),
    },
  ];

  return (
    <Card title={t("routes.widgetManagement")}>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Alert type="info" showIcon title={t("widget.help")} description={t("widget.helpMore")} />
        <Table<WidgetTypeInfo>
          data-testid="widget-table"
          rowKey="type"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 900 }}
        />
      </Space>
      <DefaultsDrawer info={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Card>
  );
}
