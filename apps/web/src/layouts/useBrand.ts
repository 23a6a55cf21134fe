import type { Branding } from "@marquee/contracts";
import { useEffect, useMemo } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type Brand, effectiveBrand } from "../config/brands";
import { brandApi } from "../features/brand/api";
import { useSession } from "../stores/session";

interface HostBrandState {
  /** What the server answered for this Host (the tenant of its second-level domain, or the platform). */
  branding: Branding | null;
  set(branding: Branding | null): void;
}

/**
 * The Host's brand, kept in this origin's storage so the sign-in page shows
 * it at once on the next visit while it is asked again.
 */
export const useHostBrand = create<HostBrandState>()(
  persist((set) => ({ branding: null, set: (branding) => set({ branding }) }), {
    name: "marquee.hostBrand",
    storage: createJSONStorage(() => localStorage),
    partialize: ({ branding }) => ({ branding }),
  }),
);

let loading: Promise<void> | null = null;
/** Asks the server for this Host's brand, once per page load unless `again`. */
export function loadHostBrand(again = false): Promise<void> {
  if (again || !loading) {
    loading = brandApi
      .hostBrand()
      .then((r) => useHostBrand.getState().set(r.branding))
      .catch(() => undefined);
  }
  return loading;
}

/**
 * The brand of this page: the built-in brand of the address (spec §1), then
 * the signed-in user's tenant brand (imgSetting), or before sign-in the
 * brand of the Host's second-level domain.
 */
export function useBrand(): Brand {
  const personal = useSession((s) => s.personal);
  const host = useHostBrand((s) => s.branding);
  const needHost = !personal?.branding;
  useEffect(() => {
    if (needHost) void loadHostBrand();
  }, [needHost]);
  return useMemo(() => effectiveBrand(window.location.href, host, personal), [host, personal]);
}

/** Shows the brand's favicon in the browser tab. */
export function useBrandFavicon(brand: Brand): void {
  useEffect(() => {
    const link = document.getElementById("favicon") as HTMLLinkElement | null;
    if (link) link.href = brand.icoImg;
  }, [brand.icoImg]);
}
