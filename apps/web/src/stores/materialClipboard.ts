import type { Material, MaterialType } from "@marquee/contracts";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** The material clipboard (spec §3): ids, names, type, isCut. */
export interface MaterialClipboard {
  ids: number[];
  names: string[];
  /** The items' material type, or "mixed" when they differ; null when empty. */
  type: MaterialType | "mixed" | null;
  isCut: boolean;
  /** Where the items were copied or cut from (a cut pasted back there does nothing). */
  sourceFolderId: number | null;
  put(
    items: readonly Pick<Material, "id" | "name" | "type">[],
    isCut: boolean,
    sourceFolderId?: number,
  ): void;
  clear(): void;
}

const empty = { ids: [], names: [], type: null, isCut: false, sourceFolderId: null };

/** Kept in session storage: a copy survives a reload of the tab, not the browser. */
export const useMaterialClipboard = create<MaterialClipboard>()(
  persist(
    (set) => ({
      ...empty,
      put: (items, isCut, sourceFolderId) => {
        const types = new Set(items.map((m) => m.type));
        set({
          ids: items.map((m) => m.id),
          names: items.map((m) => m.name),
          type: items.length === 0 ? null : types.size === 1 ? (items[0]?.type ?? null) : "mixed",
          isCut,
          sourceFolderId: sourceFolderId ?? null,
        });
      },
      clear: () => set({ ...empty }),
    }),
    {
      name: "marquee.materialClipboard",
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ ids, names, type, isCut, sourceFolderId }) => ({
        ids,
        names,
        type,
        isCut,
        sourceFolderId,
      }),
    },
  ),
);
