import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

interface AsOfStore {
  /** Each chart reports the `asOf` of its answer under its own key (undefined: no answer yet, or gone). */
  report(key: string, asOf: string | null | undefined): void;
}

const AsOfContext = createContext<AsOfStore>({ report: () => undefined });

/**
 * Collects the `asOf` of every chart on screen; the page shows the oldest, so
 * "as of" never claims more than the least up-to-date figure shows. Answers
 * null when a chart's figures were never brought up to date, undefined when
 * no chart has answered (a tab without statistics charts).
 */
export function AsOfProvider({
  children,
  onChange,
}: {
  children: ReactNode;
  onChange(asOf: string | null | undefined): void;
}) {
  const [byKey, setByKey] = useState<Record<string, string | null>>({});
  const report = useCallback((key: string, asOf: string | null | undefined) => {
    setByKey((m) => {
      if (m[key] === asOf) return m;
      const next = { ...m };
      if (asOf === undefined) delete next[key];
      else next[key] = asOf;
      return next;
    });
  }, []);
  const oldest = useMemo(() => {
    const all = Object.values(byKey);
    if (!all.length) return undefined;
    if (all.includes(null)) return null;
    return (all as string[]).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  }, [byKey]);
  useEffect(() => onChange(oldest), [oldest, onChange]);
  const store = useMemo(() => ({ report }), [report]);
  return <AsOfContext.Provider value={store}>{children}</AsOfContext.Provider>;
}

/** Reports one chart's `asOf` while it is on screen. */
export function useReportAsOf(key: string, asOf: string | null | undefined) {
  const { report } = useContext(AsOfContext);
  useEffect(() => {
    report(key, asOf);
    return () => report(key, undefined);
  }, [key, asOf, report]);
}
