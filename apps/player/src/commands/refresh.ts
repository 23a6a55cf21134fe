import { KEYS } from "../storage";
import { refreshArgs } from "./args";
import { type CommandHandler, manifestFailure } from "./context";

/** refresh: fetch the manifest again (and reload the page when asked). */
export const refresh: CommandHandler = async (c, ctx) => {
  const args = refreshArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  ctx.env.kv.remove(KEYS.manifestEtag);
  const fetched = await ctx.refetch();
  if (!fetched.ok) return { ok: false, reason: manifestFailure(fetched.reason) };
  if (args.value.reload) setTimeout(() => ctx.env.reload(), 1000);
  return { ok: true, data: { manifestVersion: ctx.snapshot().manifest?.version ?? null } };
};
