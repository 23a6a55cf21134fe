import type { DataSource } from "@marquee/program";
import { createContext, type ReactNode, useContext } from "react";

const DataSourcesCtx = createContext<readonly DataSource[]>([]);

/**
 * The program's data sources, for the widgets bound to one (text binding,
 * table). SceneView provides them from its program; a host drawing a lone
 * WidgetView may provide them itself. Only the array is shared, so editing a
 * widget does not re-render every bound widget.
 */
export function DataSourcesProvider({
  value,
  children,
}: {
  value: readonly DataSource[];
  children: ReactNode;
}) {
  return <DataSourcesCtx.Provider value={value}>{children}</DataSourcesCtx.Provider>;
}

/** A data source of the program by id; null when there is none with that id. */
export function useDataSource(id: string | null): DataSource | null {
  const sources = useContext(DataSourcesCtx);
  return id === null ? null : (sources.find((s) => s.id === id) ?? null);
}
