import { heldPrograms } from "../library";
import type { CommandHandler } from "./context";

/** programs: what the screen holds, and what is on screen. */
export const programs: CommandHandler = async (_c, ctx) => {
  const held = new Set(await ctx.env.store.hashes());
  const snap = ctx.snapshot();
  return {
    ok: true,
    data: {
      programs: heldPrograms(snap.manifest, ctx.programs(), held),
      current: snap.showing?.item.id ?? null,
    },
  };
};
