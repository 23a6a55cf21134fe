import type { DataSource, Row } from "@marquee/program";
import { useQuery } from "@tanstack/react-query";
import { programApi } from "../../../features/program/api";
import { fieldsOfRows } from "../sources";

/**
 * Fields and rows of a data source, for the field selects: an uploaded file's
 * rows, or a preview of the address through the server (cached a minute).
 */
export function useSourceFields(source: DataSource | undefined): {
  fields: string[];
  rows: Row[];
  loading: boolean;
  error: string | null;
} {
  const remote = source?.kind === "url" && source.url !== null ? source : null;
  const preview = useQuery({
    queryKey: ["editor", "dataPreview", remote?.url, remote?.format, remote?.rowsPath],
    queryFn: () => programApi.previewData(remote as DataSource),
    enabled: remote !== null,
    staleTime: 60_000,
  });
  if (!source) return { fields: [], rows: [], loading: false, error: null };
  if (source.kind === "inline")
    return { fields: fieldsOfRows(source.rows), rows: source.rows, loading: false, error: null };
  return {
    fields: preview.data?.fields ?? [],
    rows: preview.data?.rows ?? [],
    loading: preview.isFetching,
    error: preview.error ? preview.error.message : null,
  };
}
