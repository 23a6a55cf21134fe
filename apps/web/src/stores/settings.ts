import { create } from "zustand";
import {
  DEFAULT_SETTINGS,
  readSavedSettings,
  SETTINGS_KEY,
  SETTINGS_VERSION,
  type Settings,
} from "../config/settings";

interface SettingsState {
  settings: Settings;
  /** Saved settings came from an older version (spec §2 warning). */
  outdated: boolean;
  drawerOpen: boolean;
  /** Applies a change now; `save()` keeps it. */
  update(patch: Partial<Settings>): void;
  save(): void;
  /** Clears the saved settings and reloads (the drawer asks first). */
  reset(): void;
  setDrawerOpen(open: boolean): void;
}

const initial = readSavedSettings(localStorage.getItem(SETTINGS_KEY));

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: initial.settings,
  outdated: initial.outdated,
  drawerOpen: false,
  update: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
  save: () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ version: SETTINGS_VERSION, settings: get().settings }),
    );
    set({ outdated: false });
  },
  reset: () => {
    localStorage.removeItem(SETTINGS_KEY);
    set({ settings: DEFAULT_SETTINGS, outdated: false });
    window.location.reload();
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
