import { DEBUG_DEFAULT_SEC } from "../log";
import { debugArgs } from "./args";
import type { CommandHandler } from "./context";

/** debug: stream the log lines as `log` frames while on. */
export const debug: CommandHandler = (c, ctx) => {
  const args = debugArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  if (!args.value.on) {
    ctx.debug.stop();
    return { ok: true, data: { on: false } };
  }
  ctx.log.add("info", `debugging on for ${args.value.seconds ?? DEBUG_DEFAULT_SEC} s`);
  ctx.debug.start(args.value.seconds ?? DEBUG_DEFAULT_SEC);
  return { ok: true, data: { on: true, until: ctx.debug.until } };
};
