import type { MapTerminal } from "@marquee/contracts";
import { STATUS_COLORS } from "../terminal/status";

/** A terminal that stands somewhere on the map. */
export type PlacedTerminal = MapTerminal & { lat: number; lng: number };

export const isPlaced = (r: MapTerminal): r is PlacedTerminal => r.lat !== null && r.lng !== null;

/** The terminals on the map and the ones waiting to be placed, in the server's order. */
export function splitPlaced(list: readonly MapTerminal[]): {
  placed: PlacedTerminal[];
  unplaced: MapTerminal[];
} {
  const placed: PlacedTerminal[] = [];
  const unplaced: MapTerminal[] = [];
  for (const r of list) {
    if (isPlaced(r)) placed.push(r);
    else unplaced.push(r);
  }
  return { placed, unplaced };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text made safe for HTML that Leaflet inserts as markup (marker icons, the attribution). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Marker size in pixels (the selected one is larger). */
export const MARKER_PX = 18;
const SELECTED_PX = 24;

/** The markup of a marker: a dot in its status colour, with the test id the browser tests look for. */
export function markerHtml(t: Pick<MapTerminal, "id" | "name" | "status">, selected: boolean): string {
  const px = selected ? SELECTED_PX : MARKER_PX;
  const ring = selected ? "0 0 0 3px #1677ff" : "0 0 0 1px rgba(0,0,0,.35)";
  const style = [
    "display:block",
    `width:${px}px`,
    `height:${px}px`,
    "border-radius:50%",
    "border:2px solid #fff",
    `box-shadow:${ring}`,
    `background:${STATUS_COLORS[t.status]}`,
    "box-sizing:border-box",
  ].join(";");
  return `<span data-testid="map-marker-${t.id}" data-status="${t.status}" title="${escapeHtml(t.name)}" style="${style}"></span>`;
}

/** The size of a marker's icon, for its anchor at the centre. */
export const markerSize = (selected: boolean) => (selected ? SELECTED_PX : MARKER_PX);

/**
 * The host tiles come from, for the notice when they cannot be loaded. A
 * template's placeholders ({s}, {z} …) are not valid in a URL, so they are
 * stood in for before parsing.
 */
export function tileHost(template: string): string {
  try {
    const host = new URL(template.replace(/\{[^}]*\}/g, "a")).host;
    // "{s}.tile.example.org": the subdomain varies, the rest names the server.
    return /\/\/\{s\}\./.test(template) ? host.replace(/^a\./, "") : host;
  } catch {
    return template;
  }
}

/** The south-west and north-east corners around these terminals, or null when none is placed. */
export function boundsOf(placed: readonly PlacedTerminal[]): [[number, number], [number, number]] | null {
  if (!placed.length) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of placed) {
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/** Coordinates as people read them: 5 decimals (about a metre). */
export const formatLatLng = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

/** A point Leaflet reports (its longitude runs past ±180 after panning round the world), put back on the globe. */
export function normalizeLatLng(lat: number, lng: number): { lat: number; lng: number } {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return {
    lat: round(Math.max(-90, Math.min(90, lat))),
    lng: round(wrapped === -180 && lng > 0 ? 180 : wrapped),
  };
}
