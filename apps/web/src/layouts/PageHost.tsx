import { Spin } from "antd";
import { Activity, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTabs } from "../stores/tabs";

/** How long a tab "refresh" shows the spinner before the page is mounted again (spec §9: about 200 ms). */
export const REFRESH_DELAY_MS = 200;

interface Kept {
  node: ReactNode;
  /** Changes when the page is mounted afresh (a refresh): its key. */
  generation: number;
}

/**
 * The page area. `screen` names what is shown: a shared screen's key, else the page's path. With `keep`
 * (multi-tab with cachePage, spec §3) the screens of the open tabs stay mounted while another is shown:
 * hidden in React's Activity, which keeps their state and stops their effects (polling included) until
 * they are shown again. Without it only the shown screen is mounted. A tab's refresh shows the spinner
 * for about 200 ms and then mounts the shown screen afresh.
 */
export function PageHost({
  screen,
  keep,
  children,
}: {
  screen: string;
  keep: readonly string[] | null;
  children: ReactNode;
}) {
  const refreshKey = useTabs((s) => s.refreshKey);
  // The refresh key the shown screen was last mounted with; differs from the store's while refreshing.
  const [mountedKey, setMountedKey] = useState(refreshKey);
  const kept = useRef(new Map<string, Kept>());
  const lastMounted = useRef(mountedKey);

  useEffect(() => {
    if (refreshKey === mountedKey) return;
    const timer = window.setTimeout(() => setMountedKey(refreshKey), REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [refreshKey, mountedKey]);

  // Bookkeeping of what is mounted, the same on a repeated render: the shown screen's latest element
  // (a new generation when a refresh has just ended), and only the screens still kept.
  const screens = kept.current;
  const refreshed = mountedKey !== lastMounted.current;
  lastMounted.current = mountedKey;
  const shown = screens.get(screen);
  screens.set(screen, {
    node: children,
    generation: refreshed || !shown ? mountedKey : shown.generation,
  });
  for (const key of [...screens.keys()]) if (key !== screen && !keep?.includes(key)) screens.delete(key);

  const refreshing = refreshKey !== mountedKey;
  return (
    <>
      {[...screens].map(([key, { node, generation }]) =>
        key === screen && refreshing ? (
          <div
            key={`${key}#refreshing`}
            data-testid="page-refreshing"
            style={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: 200 }}
          >
            <Spin />
          </div>
        ) : (
          <Activity key={`${key}#${generation}`} mode={key === screen ? "visible" : "hidden"}>
            <Suspense fallback={null}>{node}</Suspense>
          </Activity>
        ),
      )}
    </>
  );
}
