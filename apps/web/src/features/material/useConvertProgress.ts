import type { Material } from "@marquee/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { type ConvertInfo, materialApi } from "./api";

/** Transcoding progress is asked for this often while a listed video is queued or running. */
export const CONVERT_POLL_MS = 2000;

const busy = (s: Material["convertState"]) => s === "queued" || s === "running";
/** A new file is probed for this long at most: past it, a missing duration is not waited for any more. */
export const PROBE_WAIT_MS = 10 * 60_000;

/**
 * A video or audio file just uploaded, whose probe (size, duration, and for a
 * video whether it needs transcoding) has not finished: it is not converting
 * yet, so convertProgress says nothing of it; the list itself is asked again.
 */
export function awaitingProbe(m: Material, now = Date.now()): boolean {
  return (
    (m.type === "video" || m.type === "audio") &&
    m.convertState === "none" &&
    m.durationMs === null &&
    now - new Date(m.createDate).getTime() < PROBE_WAIT_MS
  );
}

/**
 * Polls convertProgress for the listed materials still being transcoded and answers the
 * rows with the latest state. When one finishes, the lists are fetched again (new thumbnail, size).
 * While a listed file is still being probed, the lists are fetched again every CONVERT_POLL_MS, so
 * its size and duration (or its transcoding) appear without a manual refresh.
 */
export function useConvertProgress(rows: readonly Material[]): Material[] {
  const queryClient = useQueryClient();
  const ids = useMemo(() => rows.filter((m) => busy(m.convertState)).map((m) => m.id), [rows]);
  const poll = useQuery({
    queryKey: ["material", "convert", ids],
    queryFn: () => materialApi.convertProgress(ids),
    enabled: ids.length > 0,
    refetchInterval: (q) => {
      const list = q.state.data?.progress ?? [];
      return list.length > 0 && list.every((p) => !busy(p.convertState)) ? false : CONVERT_POLL_MS;
    },
  });
  const byId = useMemo(
    () => new Map<number, ConvertInfo>((poll.data?.progress ?? []).map((p) => [p.id, p])),
    [poll.data],
  );

  const finished = ids.filter((id) => {
    const p = byId.get(id);
    return p !== undefined && !busy(p.convertState);
  });
  const probing = rows.some((m) => awaitingProbe(m));
  useEffect(() => {
    if (!probing) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ["material", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["material", "checklist"] });
    }, CONVERT_POLL_MS);
    return () => clearInterval(timer);
  }, [probing, queryClient]);

  const reported = useRef(new Set<number>());
  const finishedKey = finished.join(",");
  useEffect(() => {
    const fresh = finishedKey ? finishedKey.split(",").filter((id) => !reported.current.has(Number(id))) : [];
    if (fresh.length === 0) return;
    for (const id of fresh) reported.current.add(Number(id));
    void queryClient.invalidateQueries({ queryKey: ["material", "list"] });
    void queryClient.invalidateQueries({ queryKey: ["material", "checklist"] });
  }, [finishedKey, queryClient]);

  return useMemo(
    () =>
      rows.map((m) => {
        const p = byId.get(m.id);
        return p ? { ...m, ...p, id: m.id } : m;
      }),
    [rows, byId],
  );
}
