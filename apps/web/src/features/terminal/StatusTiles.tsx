import type { TerminalViewStatus } from "@marquee/contracts";
import { Card, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import type { TerminalCounts } from "./api";
import { STATUS_COLORS, STATUS_TILES, tileActive, tileFilter } from "./status";

/** The counts at the top (total, online, offline, fault, unauthorised, disabled); a click filters the list. */
export function StatusTiles({
  counts,
  loading,
  status,
  onPick,
}: {
  counts: TerminalCounts | undefined;
  loading: boolean;
  status: TerminalViewStatus | undefined;
  onPick: (status: TerminalViewStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: 12 }}
      data-testid="terminal-tiles"
    >
      {STATUS_TILES.map((tile) => {
        const active = tileActive(tile, status);
        return (
          <Card
            key={tile}
            size="small"
            hoverable
            role="button"
            tabIndex={0}
            aria-pressed={active}
            data-testid={`terminal-tile-${tile}`}
            onClick={() => onPick(tileFilter(tile, status))}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onPick(tileFilter(tile, status));
              }
            }}
            style={{
              cursor: "pointer",
              borderColor: active ? STATUS_COLORS[tile] : undefined,
              boxShadow: active ? `inset 0 -3px 0 ${STATUS_COLORS[tile]}` : undefined,
            }}
          >
            <Statistic
              title={t(`terminal.tiles.${tile}`)}
              value={counts?.[tile] ?? 0}
              loading={loading && !counts}
              styles={{ content: { color: STATUS_COLORS[tile] } }}
            />
          </Card>
        );
      })}
    </div>
  );
}
