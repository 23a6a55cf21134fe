import type * as Leaflet from "leaflet";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";

export type LeafletModule = typeof Leaflet;

let loading: Promise<LeafletModule> | null = null;

/**
 * Leaflet with the marker-cluster plugin, loaded once. The plugin is a UMD
 * script that extends the global `L`, so Leaflet is put there first and the
 * plugin imported after it (a static import could run in either order).
 */
export function loadLeaflet(): Promise<LeafletModule> {
  loading ??= (async () => {
    const mod = await import("leaflet");
    const L = ((mod as { default?: LeafletModule }).default ?? mod) as LeafletModule;
    const global = globalThis as { L?: LeafletModule };
    global.L ??= L;
    await import("leaflet.markercluster");
    // The plugin extended the global one (the same object, unless a bundler's interop wrapped it).
    return global.L ?? L;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
