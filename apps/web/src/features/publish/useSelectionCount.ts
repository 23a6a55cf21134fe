import type { PublicationKind, TerminalSelection } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { publishApi } from "./api";
import { isEmptySelection, type SelectionState, selectionBody } from "./selection";

const hasTargets = (s: TerminalSelection) =>
  Boolean(s.terminalIds?.length || s.officeIds?.length || s.groupIds?.length);

/** How long the selection must stay still before it is counted again (clicking through a tree). */
const COUNT_DEBOUNCE_MS = 400;

/** A value that follows `value` once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The live count of a selection (publishTerminalSaveCount), asked once the selection settles.
 * `settling` is true while the figures shown are those of an earlier selection.
 */
export function useSelectionCount(kind: PublicationKind, selection: SelectionState) {
  const empty = isEmptySelection(selection);
  const key = JSON.stringify(selectionBody(selection));
  const settledKey = useDebounced(key, COUNT_DEBOUNCE_MS);
  const settledBody = useMemo(() => JSON.parse(settledKey) as TerminalSelection, [settledKey]);
  const query = useQuery({
    queryKey: ["publish", "count", kind, settledKey],
    queryFn: () => publishApi.count(kind, settledBody),
    // The settled selection may still be the empty one just after the first choice.
    enabled: !empty && hasTargets(settledBody),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  return {
    data: empty ? undefined : query.data,
    settling: !empty && (settledKey !== key || query.isFetching),
    error: empty ? null : query.error,
  };
}
