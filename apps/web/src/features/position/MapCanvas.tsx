import { Alert } from "antd";
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LeafletModule, loadLeaflet } from "./leaflet";
import {
  boundsOf,
  escapeHtml,
  markerHtml,
  markerSize,
  normalizeLatLng,
  type PlacedTerminal,
} from "./markers";

/** Deepest zoom of the map; closer than CLUSTER_UNTIL_ZOOM every marker stands alone (screens in one building). */
const MAX_ZOOM = 19;
const CLUSTER_UNTIL_ZOOM = 15;
/** Fitting to the markers stops at this zoom (a single screen is not shown at street-corner scale). */
const FIT_MAX_ZOOM = 16;

export interface MapCanvasProps {
  terminals: readonly PlacedTerminal[];
  tileUrl: string;
  attribution: string;
  selectedId: number | null;
  /** The marker that can be dragged now. */
  movingId: number | null;
  /** A click on the map places a terminal. */
  placing: boolean;
  /** The map fits its markers again whenever this changes (new filters), not on every refresh. */
  fitKey: string;
  /** The map centres here when it changes (an address chosen). */
  focus: { lat: number; lng: number; key: number } | null;
  onSelect: (id: number) => void;
  onPlace: (lat: number, lng: number) => void;
  onMoved: (id: number, lat: number, lng: number) => void;
  onTilesFailed: () => void;
}

interface Live {
  L: LeafletModule;
  map: Leaflet.Map;
  cluster: Leaflet.MarkerClusterGroup;
  markers: Map<number, { marker: Leaflet.Marker; key: string }>;
}

/**
 * The Leaflet map: tiles from the system settings (or none), a marker per
 * placed terminal in its status colour, clustered until street level. It
 * reports marker clicks, clicks on the map while placing, drags of the moving
 * marker, and tiles that fail (the page then says so; markers stay).
 */
export function MapCanvas(props: MapCanvasProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest props for Leaflet's listeners, which are bound once.
  const current = useRef(props);
  current.current = props;

  // The map itself, once.
  useEffect(() => {
    let disposed = false;
    let made: Live | null = null;
    loadLeaflet().then(
      (L) => {
        if (disposed || !box.current) return;
        const map = L.map(box.current, {
          center: [20, 0],
          zoom: 2,
          minZoom: 1,
          maxZoom: MAX_ZOOM,
          worldCopyJump: true,
        });
        map.attributionControl.setPrefix(false);
        const cluster = L.markerClusterGroup({
          disableClusteringAtZoom: CLUSTER_UNTIL_ZOOM,
          showCoverageOnHover: false,
          spiderfyOnMaxZoom: true,
        });
        cluster.addTo(map);
        map.on("click", (e: Leaflet.LeafletMouseEvent) => {
          if (!current.current.placing) return;
          const p = normalizeLatLng(e.latlng.lat, e.latlng.lng);
          current.current.onPlace(p.lat, p.lng);
        });
        made = { L, map, cluster, markers: new Map() };
        setLive(made);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      made?.map.remove();
    };
  }, []);

  // Tiles: replaced when the settings change; every failing tile is reported (the page shows one notice).
  const { tileUrl, attribution } = props;
  useEffect(() => {
    if (!live || !tileUrl) return;
    const layer = live.L.tileLayer(tileUrl, { maxZoom: MAX_ZOOM, attribution: escapeHtml(attribution) });
    layer.on("tileerror", () => current.current.onTilesFailed());
    layer.addTo(live.map);
    return () => {
      layer.remove();
    };
  }, [live, tileUrl, attribution]);

  // Markers: added, moved, recoloured and removed as the answers change.
  const { terminals, selectedId, movingId } = props;
  useEffect(() => {
    if (!live) return;
    const { L, cluster, markers } = live;
    const seen = new Set<number>();
    const add: Leaflet.Marker[] = [];
    for (const term of terminals) {
      seen.add(term.id);
      const selected = term.id === selectedId;
      const key = `${term.status}|${term.name}|${selected}`;
      const have = markers.get(term.id);
      const px = markerSize(selected);
      const icon = () =>
        L.divIcon({
          className: "marquee-map-marker",
          html: markerHtml(term, selected),
          iconSize: [px, px],
          iconAnchor: [px / 2, px / 2],
        });
      if (!have) {
        const marker = L.marker([term.lat, term.lng], {
          icon: icon(),
          title: term.name,
          alt: term.name,
          keyboard: true,
          riseOnHover: true,
        });
        marker.on("click", () => current.current.onSelect(term.id));
        marker.on("dragend", () => {
          const p = marker.getLatLng();
          const at = normalizeLatLng(p.lat, p.lng);
          current.current.onMoved(term.id, at.lat, at.lng);
        });
        markers.set(term.id, { marker, key });
        add.push(marker);
        continue;
      }
      const at = have.marker.getLatLng();
      // A marker being dragged keeps where the hand put it until the saved answer arrives.
      if ((at.lat !== term.lat || at.lng !== term.lng) && term.id !== movingId) {
        have.marker.setLatLng([term.lat, term.lng]);
        cluster.refreshClusters(have.marker);
      }
      if (have.key !== key) {
        have.marker.setIcon(icon());
        have.marker.setZIndexOffset(selected ? 1000 : 0);
        have.key = key;
      }
    }
    if (add.length) cluster.addLayers(add);
    const gone: Leaflet.Marker[] = [];
    for (const [id, m] of markers) {
      if (!seen.has(id)) {
        gone.push(m.marker);
        markers.delete(id);
      }
    }
    if (gone.length) cluster.removeLayers(gone);
  }, [live, terminals, selectedId, movingId]);

  // Dragging: only the marker being moved, shown out of its cluster.
  useEffect(() => {
    if (!live || movingId === null) return;
    const m = live.markers.get(movingId)?.marker;
    if (!m) return;
    live.cluster.zoomToShowLayer(m, () => m.dragging?.enable());
    return () => {
      m.dragging?.disable();
    };
  }, [live, movingId]);

  // Fit to the markers when the filters changed (and on the first answer).
  const { fitKey } = props;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!live || !fitKey || fitted.current === fitKey) return;
    const bounds = boundsOf(terminals);
    if (!bounds) return;
    fitted.current = fitKey;
    live.map.fitBounds(bounds, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM });
  }, [live, fitKey, terminals]);

  const { focus } = props;
  useEffect(() => {
    if (!live || !focus) return;
    live.map.setView([focus.lat, focus.lng], Math.max(live.map.getZoom(), FIT_MAX_ZOOM));
  }, [live, focus]);

  // The map's size follows its box (the side panel and the window change it).
  useEffect(() => {
    if (!live || !box.current || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => live.map.invalidateSize());
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [live]);

  if (failed)
    return <Alert type="error" showIcon title={t("position.loadFailed")} data-testid="map-load-failed" />;
  return (
    <div
      ref={box}
      role="application"
      aria-label={t("position.mapLabel")}
      data-testid="terminal-map"
      data-ready={live ? "true" : "false"}
      style={{
        height: "100%",
        minHeight: 420,
        width: "100%",
        background: "#eef0f3",
        cursor: props.placing ? "crosshair" : undefined,
      }}
    />
  );
}
