import { currentPosition, POSITION_TIMEOUT_MS } from "../position";
import type { CommandHandler } from "./context";

/** position: the device's geolocation now, or why not. */
export const position: CommandHandler = async (_c, ctx, deadline) => {
  const r = await currentPosition(
    ctx.env.geolocation,
    Math.min(POSITION_TIMEOUT_MS, Math.max(1000, deadline - Date.now())),
  );
  if (!r.ok) return { ok: false, reason: r.reason };
  ctx.setPosition(r.position);
  return { ok: true, data: { lat: r.position.lat, lng: r.position.lng, accuracy: r.position.accuracy } };
};
