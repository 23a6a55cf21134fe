import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface Tab {
  path: string;
  /** The route name, for its title in the current language. */
  name: string;
  locked: boolean;
}

interface TabsState {
  tabs: Tab[];
  /** Bumped to remount the active page ("refresh"). */
  refreshKey: number;
  open(tab: Omit<Tab, "locked">): void;
  /** Closes a tab; false when it is the last one (spec: refused with a warning). */
  close(path: string): boolean;
  closeLeft(path: string): void;
  closeRight(path: string): void;
  closeOthers(path: string): void;
  toggleLock(path: string): void;
  refresh(): void;
}

/** Open tabs, kept in session storage so they survive a reload (spec §2). */
export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      refreshKey: 0,
      open: (tab) =>
        set((s) =>
          s.tabs.some((t) => t.path === tab.path) ? s : { tabs: [...s.tabs, { ...tab, locked: false }] },
        ),
      close: (path) => {
        const { tabs } = get();
        if (tabs.length <= 1) return false;
        set({ tabs: tabs.filter((t) => t.path !== path || t.locked) });
        return true;
      },
      closeLeft: (path) =>
        set((s) => {
          const i = s.tabs.findIndex((t) => t.path === path);
          return { tabs: s.tabs.filter((t, j) => j >= i || t.locked) };
        }),
      closeRight: (path) =>
        set((s) => {
          const i = s.tabs.findIndex((t) => t.path === path);
          return { tabs: s.tabs.filter((t, j) => j <= i || t.locked) };
        }),
      closeOthers: (path) => set((s) => ({ tabs: s.tabs.filter((t) => t.path === path || t.locked) })),
      toggleLock: (path) =>
        set((s) => ({ tabs: s.tabs.map((t) => (t.path === path ? { ...t, locked: !t.locked } : t)) })),
      refresh: () => set((s) => ({ refreshKey: s.refreshKey + 1 })),
    }),
    {
      name: "marquee.tabs",
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tabs: s.tabs }),
    },
  ),
);
