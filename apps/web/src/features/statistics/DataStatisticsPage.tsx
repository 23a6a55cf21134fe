import type { Permission } from "@marquee/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Card, Space, Tabs } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCan } from "../../access/useCan";
import { ProofOfPlayPanel } from "../pop/ProofOfPlayPanel";
import { statisticsApi } from "./api";
import { AsOfProvider } from "./asOf";
import { ContentTab } from "./ContentTab";
import { readFilters, readTab, type StatsFilters, type StatsTab, writeFilters } from "./filters";
import { InteractionTab } from "./InteractionTab";
import { LoginsTab } from "./LoginsTab";
import { asOfText, STATISTICS_ROUTE_PERMISSION, StatsFilterBar } from "./StatsFilterBar";
import { TerminalsTab } from "./TerminalsTab";
import { STATS_KEY, withoutGroup } from "./useStats";

const POP_PERMISSION: Permission = "stats:proofOfPlay:view";
/** Tabs whose figures are terminals': the group filter applies there. */
const GROUP_TABS: readonly StatsTab[] = ["terminals", "pop"];

/**
 * Data statistics (dataStatistics): the figures of the caller's data range,
 * from the daily roll-ups, under one filter bar whose choices live in the
 * link (so a copied link opens the same figures).
 */
export default function DataStatisticsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const canPop = useCan(POP_PERMISSION, STATISTICS_ROUTE_PERMISSION);
  const asked = readTab(params);
  const tab: StatsTab = asked === "pop" && !canPop ? "terminals" : asked;
  const [reported, setReported] = useState<string | null | undefined>(undefined);
  // What the last "Update now" answered: the "as of" of a tab whose panel does not report one (proof of play).
  const [refreshed, setRefreshed] = useState<string | null | undefined>(undefined);

  const go = (f: StatsFilters, next: StatsTab) => setParams(writeFilters(params, f, next), { replace: true });
  const refresh = useMutation({
    mutationFn: statisticsApi.refresh,
    onSuccess: async (answer) => {
      setRefreshed(answer.asOf);
      await queryClient.invalidateQueries({ queryKey: [STATS_KEY] });
      // The proof-of-play panel's figures come from the same roll-ups.
      await queryClient.invalidateQueries({ queryKey: ["pop"] });
      if (answer.asOf) void message.success(t("statistics.refreshed", { time: asOfText(answer.asOf) }));
    },
  });

  const range = useMemo(
    () => ({
      from: filters.from,
      to: filters.to,
      ...(filters.officeId !== undefined ? { officeId: filters.officeId } : {}),
      ...(filters.groupId !== undefined ? { groupId: filters.groupId } : {}),
    }),
    [filters.from, filters.to, filters.officeId, filters.groupId],
  );
  const plain = useMemo(() => withoutGroup(range), [range]);
  const onAsOf = useCallback((a: string | null | undefined) => setReported(a), []);
  const asOf = reported === undefined ? refreshed : reported;

  const items = [
    { key: "terminals", label: t("statistics.tabs.terminals"), children: <TerminalsTab range={range} /> },
    { key: "content", label: t("statistics.tabs.content"), children: <ContentTab range={plain} /> },
    {
      key: "interaction",
      label: t("statistics.tabs.interaction"),
      children: <InteractionTab range={plain} />,
    },
    { key: "logins", label: t("statistics.tabs.logins"), children: <LoginsTab range={plain} /> },
    ...(canPop ? [{ key: "pop", label: t("statistics.tabs.pop"), children: <ProofOfPlayPanel /> }] : []),
  ].map((i) => ({ ...i, label: <span data-testid={`stats-tab-${i.key}`}>{i.label}</span> }));

  return (
    <Card data-testid="stats-page">
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <StatsFilterBar
          value={filters}
          onChange={(f) => go(f, tab)}
          showGroup={GROUP_TABS.includes(tab)}
          asOf={asOf}
          refreshing={refresh.isPending}
          onRefresh={() => refresh.mutate()}
        />
        <AsOfProvider onChange={onAsOf}>
          <Tabs activeKey={tab} onChange={(k) => go(filters, k as StatsTab)} destroyOnHidden items={items} />
        </AsOfProvider>
      </Space>
    </Card>
  );
}
