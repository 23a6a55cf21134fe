import "animate.css";
import { Spin } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { AnimationName } from "../config/settings";
import { useSettings } from "../stores/settings";
import { useTabs } from "../stores/tabs";

/** How long a tab "refresh" shows the spinner before the page is mounted again (spec §9: about 200 ms). */
export const REFRESH_DELAY_MS = 200;

/** The animate.css entrance class of an effect and direction, e.g. lightSpeed + left → animate__lightSpeedInLeft. */
export function animationClass(name: AnimationName, direction: string): string {
  const suffix = direction === "default" ? "" : `${direction.charAt(0).toUpperCase()}${direction.slice(1)}`;
  return `animate__${name}In${suffix}`;
}

/** Wraps the page: the chosen entrance animation on each page change, and the tab refresh reload. */
export function PageAnimation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const animate = useSettings((s) => s.settings.animate);
  const refreshKey = useTabs((s) => s.refreshKey);
  // The refresh key the page was last mounted with; differs from the store's while refreshing.
  const [mountedKey, setMountedKey] = useState(refreshKey);

  useEffect(() => {
    if (refreshKey === mountedKey) return;
    const timer = window.setTimeout(() => setMountedKey(refreshKey), REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [refreshKey, mountedKey]);

  if (refreshKey !== mountedKey) {
    return (
      <div
        data-testid="page-refreshing"
        style={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: 200 }}
      >
        <Spin />
      </div>
    );
  }

  if (animate.disabled) return <div key={mountedKey}>{children}</div>;
  return (
    <div
      key={`${pathname}#${mountedKey}`}
      className={`animate__animated ${animationClass(animate.name, animate.direction)}`}
    >
      {children}
    </div>
  );
}
