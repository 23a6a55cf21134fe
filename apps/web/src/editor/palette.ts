import type { WidgetTypeInfo } from "@marquee/contracts";
import type { WidgetCategory } from "@marquee/program";
import { useQuery } from "@tanstack/react-query";
import { widgetApi } from "../features/program/api";

/** The palette: the tenant's enabled widget types with their defaults, shared by the palette and the canvas drop. */
export function usePalette() {
  return useQuery({
    queryKey: ["widget", "palette"],
    queryFn: () => widgetApi.palette(),
    staleTime: 5 * 60_000,
    select: (r) => r.list.filter((w) => w.enabled),
  });
}

/** The order of the palette's groups. */
export const CATEGORY_ORDER: WidgetCategory[] = ["basic", "media", "data", "interactive"];

/** Widget types grouped by category, in the palette's order; empty groups are left out. */
export function groupPalette(
  list: WidgetTypeInfo[],
): Array<{ category: WidgetCategory; items: WidgetTypeInfo[] }> {
  return CATEGORY_ORDER.map((category) => ({
    category,
    items: list.filter((w) => w.category === category),
  })).filter((g) => g.items.length > 0);
}

/** The drag type of a palette item dropped on the canvas. */
export const WIDGET_DRAG_TYPE = "application/x-marquee-widget";
