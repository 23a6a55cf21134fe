import { settingsArgs } from "./args";
import type { CommandHandler } from "./context";

/** settings: kept (across reloads) until a newer manifest carries the settings. */
export const settings: CommandHandler = (c, ctx) => {
  const args = settingsArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  ctx.holdSettings(args.value);
  const { screen, volume } = ctx.snapshot();
  return { ok: true, data: { ...screen, volume } };
};
