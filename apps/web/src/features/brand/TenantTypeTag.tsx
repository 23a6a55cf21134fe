import type { PersonalTenant } from "@marquee/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLORS = { platform: "gold", agent: "purple", customer: "blue" } as const;

/** Platform, agent or customer, as a coloured tag. */
export function TenantTypeTag({ type }: { type: PersonalTenant["type"] }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[type]}>{t(`brand.tenantTypes.${type}`)}</Tag>;
}
