import type { RoleTenant } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Select, Space, Tag } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { roleApi } from "./api";

const TYPE_COLORS = { platform: "gold", agent: "blue", customer: "green" } as const;

/** A tenant's kind as a small tag. */
export function TenantTag({ type }: { type: string }) {
  const { t } = useTranslation();
  if (type !== "platform" && type !== "agent" && type !== "customer") return null;
  return (
    <Tag color={TYPE_COLORS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`role.tenantTypes.${type}`)}
    </Tag>
  );
}

/**
 * Picks one of the tenants (platform, agents, customers) in the caller's
 * range; typing asks the server, which answers a picker's worth of matches.
 */
export function TenantSelect({
  value,
  onChange,
  onOwn,
  allowClear,
  disabled,
  placeholder,
  testId,
  style,
  known,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** Told the caller's own tenant once known (a new role's default). */
  onOwn?: (id: number | null) => void;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
  testId: string;
  style?: React.CSSProperties;
  /** A tenant to show by name even when the current matches do not include it. */
  known?: RoleTenant | null;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const [typed, setTyped] = useState("");
  // One request per pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const tenants = useQuery({
    queryKey: ["role", "tenants", keyword],
    queryFn: () => roleApi.tenants(keyword || undefined),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const own = tenants.data?.own ?? null;
  useEffect(() => {
    if (tenants.data) onOwn?.(own);
  }, [tenants.data, own, onOwn]);
  const list = [...(tenants.data?.list ?? [])];
  if (known && !list.some((o) => o.id === known.id)) list.unshift(known);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder ?? t("role.tenant")}
      aria-label={placeholder ?? t("role.tenant")}
      loading={tenants.isFetching}
      notFoundContent={tenants.isFetching ? t("common.loading") : t("role.noTenant")}
      style={style}
      data-testid={testId}
      optionLabelProp="title"
      options={list.map((o) => ({
        value: o.id,
        title: o.name,
        label: (
          <Space size={6}>
            <span>{o.name}</span>
            <TenantTag type={o.type} />
          </Space>
        ),
      }))}
    />
  );
}
