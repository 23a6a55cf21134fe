import type { Permission, PersonalTenant } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import type { FitColumns } from "../../components/fitColumns";
import { brandApi } from "./api";
import { TenantTable } from "./TenantTable";
import { TenantTypeTag } from "./TenantTypeTag";

const PERMISSION: Permission = "sys:customer:personalise";

/**
 * Enable customisation (openPersonal, sys/customer/toOpenPersonalPage): the
 * platform switches an agent's or customer's own brand on (personalType 1)
 * or off (it shows its parent's brand).
 */
export default function OpenPersonalPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan(PERMISSION, PERMISSION);
  const [switching, setSwitching] = useState<number | null>(null);

  const toggle = async (row: PersonalTenant, on: boolean) => {
    setSwitching(row.id);
    try {
      await brandApi.openPersonal(row.id, on ? 1 : 0);
      void message.success(t(on ? "brand.open.enabledDone" : "brand.open.disabledDone", { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: ["brand"] });
    } catch {
      // the http client has shown why
    } finally {
      setSwitching(null);
    }
  };

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
      render: (_, r) => r.secondDomainName ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: "title",
      drop: 2,
      title: t("brand.columns.title"),
      render: (_, r) => r.title ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: "personalType",
      title: t("brand.columns.personalType"),
      width: 140,
      render: (_, r) => (
        <Switch
          checked={r.personalType === 1}
          checkedChildren={t("brand.open.on")}
          unCheckedChildren={t("brand.open.off")}
          disabled={!canEdit}
          title={canEdit ? undefined : t("common.noPermission")}
          loading={switching === r.id}
          onChange={(on) => void toggle(r, on)}
          aria-label={t("brand.columns.personalType")}
          data-testid="open-personal-switch"
          data-tenant={r.name}
        />
      ),
    },
  ];

  return (
    <TenantTable
      kind="open"
      title={t("routes.openPersonal")}
      help={t("brand.open.help")}
      columns={columns}
      withPersonalFilter
      testId="open-personal"
    />
  );
}
