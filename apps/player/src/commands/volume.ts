import { volumeArgs } from "./args";
import type { CommandHandler } from "./context";

/** volume: the screen's own volume. */
export const volume: CommandHandler = (c, ctx) => {
  const args = volumeArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  ctx.setVolume(args.value);
  // A time-of-day rule in force keeps its volume; the new one plays when no rule does.
  return { ok: true, data: { volume: args.value, playing: ctx.snapshot().volume } };
};
