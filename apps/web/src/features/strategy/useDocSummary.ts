import type { StrategyDoc } from "@marquee/schedule";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A strategy's document in a few words for the list: its timers, volume rules, base volume and brightness. */
export function useDocSummary() {
  const { t } = useTranslation();
  return useCallback(
    (doc: StrategyDoc): string[] => {
      const out: string[] = [];
      if (doc.timers?.length) out.push(t("strategy.summary.timers", { count: doc.timers.length }));
      if (doc.volumes?.length) out.push(t("strategy.summary.volumes", { count: doc.volumes.length }));
      if (doc.volume !== undefined) out.push(t("strategy.summary.volume", { volume: doc.volume }));
      if (doc.brightness !== undefined)
        out.push(t("strategy.summary.brightness", { brightness: doc.brightness }));
      return out.length ? out : [t("strategy.summary.empty")];
    },
    [t],
  );
}
