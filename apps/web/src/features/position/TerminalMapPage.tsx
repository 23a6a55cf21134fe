import { ReloadOutlined } from "@ant-design/icons";
import type { AddressSuggestion, MapTerminal } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Space, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommandRun } from "../terminal/useCommandRun";
import { AddressSearch } from "./AddressSearch";
import { type MapAnswer, type MapFilterValues, positionApi } from "./api";
import { MapCanvas } from "./MapCanvas";
import { MapDetailsDrawer } from "./MapDetailsDrawer";
import { MapFilters } from "./MapFilters";
import { splitPlaced, tileHost } from "./markers";
import { UnplacedList } from "./UnplacedList";

/** Statuses and positions are read again this often. */
const REFRESH_MS = 15_000;
const NO_TERMINALS: MapTerminal[] = [];

/**
 * The terminal map (sysManage/terminalMap): the caller's screens on a Leaflet
 * map in their status colours, clustered; details and actions on a click; the
 * screens without a position beside it, placed by a click on the map or by
 * address. With no tiles the map is blank but the markers still work.
 */
export default function TerminalMapPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<MapFilterValues>({});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [placingId, setPlacingId] = useState<number | null>(null);
  const [movingId, setMovingId] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ lat: number; lng: number; key: number } | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  const key = JSON.stringify(filters);
  const query = useQuery({
    queryKey: ["map", "terminals", filters],
    queryFn: () => positionApi.terminals(filters),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ["map"] }), [queryClient]);
  const runs = useCommandRun({ onSettled: refresh });

  const list = query.data?.list ?? NO_TERMINALS;
  const { placed, unplaced } = useMemo(() => splitPlaced(list), [list]);
  const byId = useMemo(() => new Map(list.map((r) => [r.id, r])), [list]);
  const config = query.data?.config;
  const selected = selectedId === null ? null : (byId.get(selectedId) ?? null);
  const placing = placingId === null ? null : (byId.get(placingId) ?? null);
  const moving = movingId === null ? null : (byId.get(movingId) ?? null);

  /** The answer of a save put in place at once (the next refresh confirms it). */
  const patch = (terminal: MapTerminal) =>
    queryClient.setQueryData<MapAnswer>(["map", "terminals", filters], (old) =>
      old ? { ...old, list: old.list.map((r) => (r.id === terminal.id ? terminal : r)) } : old,
    );

  const save = async (id: number, lat: number, lng: number, address?: string) => {
    try {
      const res = await positionApi.savePosition({ id, lat, lng, address });
      patch(res.terminal);
      void message.success(t("position.done.placed", { name: res.terminal.name }));
      if (res.autoPositionOff) void message.info(t("position.done.autoOff", { name: res.terminal.name }));
      refresh();
      return true;
    } catch {
      // shown by the http client
      refresh();
      return false;
    }
  };

  const placeAt = async (lat: number, lng: number, address?: string) => {
    if (placingId === null) return;
    const id = placingId;
    if (await save(id, lat, lng, address)) {
      setPlacingId(null);
      setSelectedId(id);
      setFocus({ lat, lng, key: Date.now() });
    }
  };

  const startPlacing = (id: number) => {
    setMovingId(null);
    setPlacingId(id);
  };

  const clear = async (terminal: MapTerminal) => {
    try {
      await positionApi.clearPosition([terminal.id]);
      void message.success(t("position.done.cleared", { name: terminal.name }));
    } catch {
      // shown by the http client
    }
    setMovingId(null);
    refresh();
  };

  const tilesNotice = !config
    ? null
    : !config.tileUrl
      ? t("position.tiles.none")
      : tilesFailed
        ? t("position.tiles.failed", { host: tileHost(config.tileUrl) })
        : null;
  const total = query.data?.total ?? 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="terminal-map-page">
      <Card size="small">
        <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
          <MapFilters value={filters} onChange={setFilters} />
          <Typography.Text type="secondary" data-testid="map-summary">
            {query.data ? t("position.summary", { placed: placed.length, unplaced: unplaced.length }) : ""}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            loading={query.isFetching}
            style={{ marginLeft: "auto" }}
            data-testid="map-refresh"
          >
            {t("common.refresh")}
          </Button>
        </div>
      </Card>
      {tilesNotice && <Alert type="warning" showIcon title={tilesNotice} data-testid="map-tiles-notice" />}
      {total > list.length && (
        <Alert
          type="info"
          showIcon
          title={t("position.truncated", { shown: list.length, total })}
          data-testid="map-truncated"
        />
      )}
      {placing && (
        <Alert
          type="info"
          showIcon
          data-testid="map-placing"
          title={t("position.placing.title", { name: placing.name })}
          description={
            <Space orientation="vertical" style={{ width: "100%", maxWidth: 520 }}>
              <span>{t("position.placing.hint")}</span>
              {config?.suggest ? (
                <AddressSearch
                  key={placing.id}
                  onChoose={(s: AddressSuggestion) => void placeAt(s.lat, s.lng, s.label)}
                />
              ) : (
                <Typography.Text type="secondary">{t("position.address.noSuggest")}</Typography.Text>
              )}
            </Space>
          }
          action={
            <Button size="small" onClick={() => setPlacingId(null)} data-testid="map-placing-cancel">
              {t("position.placing.cancel")}
            </Button>
          }
        />
      )}
      {moving && (
        <Alert
          type="info"
          showIcon
          data-testid="map-moving"
          title={t("position.moving.title", { name: moving.name })}
          description={t("position.moving.hint")}
          action={
            <Button
              size="small"
              type="primary"
              onClick={() => setMovingId(null)}
              data-testid="map-moving-done"
            >
              {t("position.moving.done")}
            </Button>
          }
        />
      )}
      <div style={{ display: "flex", gap: 16, alignItems: "stretch" }}>
        <div style={{ flex: 1, minWidth: 0, height: "calc(100vh - 300px)", minHeight: 480 }}>
          {config && (
            <MapCanvas
              terminals={placed}
              tileUrl={config.tileUrl}
              attribution={config.attribution}
              selectedId={selectedId}
              movingId={movingId}
              placing={placingId !== null}
              fitKey={query.isPlaceholderData ? "" : key}
              focus={focus}
              onSelect={(id) => {
                if (placingId === null) setSelectedId(id);
              }}
              onPlace={(lat, lng) => void placeAt(lat, lng)}
              onMoved={(id, lat, lng) => void save(id, lat, lng)}
              onTilesFailed={() => setTilesFailed(true)}
            />
          )}
        </div>
        <div style={{ flex: "0 0 300px", minWidth: 0 }}>
          <UnplacedList
            list={unplaced}
            placingId={placingId}
            onOpen={(id) => setSelectedId(id)}
            onPlace={startPlacing}
          />
        </div>
      </div>
      <MapDetailsDrawer
        terminal={selected}
        run={runs.run}
        onClose={() => {
          setSelectedId(null);
          setMovingId(null);
          runs.close();
        }}
        onAsk={() =>
          selected && void runs.send([selected.id], "position", (ids) => positionApi.askPosition(ids))
        }
        onAuto={(enabled) =>
          selected &&
          void runs.send([selected.id], enabled ? "autoOn" : "autoOff", async (ids) => {
            const answer = await positionApi.autoPosition(ids, enabled);
            refresh();
            return answer;
          })
        }
        onMove={() => {
          if (!selected) return;
          setPlacingId(null);
          setMovingId(selected.id);
        }}
        onPlace={() => selected && startPlacing(selected.id)}
        onClear={() => selected && void clear(selected)}
      />
    </Space>
  );
}
