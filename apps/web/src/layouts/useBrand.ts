import { useMemo } from "react";
import { type Brand, pickBrand } from "../config/brands";
import { useSession } from "../stores/session";

/**
 * The brand of this page address (spec §1); a tenant's personalisation
 * (second-level domain, logo) overrides it once the user is known.
 */
export function useBrand(): Brand {
  const personal = useSession((s) => s.personal);
  return useMemo(() => {
    const brand = pickBrand(window.location.href);
    if (!personal?.logo) return brand;
    return { ...brand, logo: personal.logo, icoImg: personal.logo };
  }, [personal]);
}
