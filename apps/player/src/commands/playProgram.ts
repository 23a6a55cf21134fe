import { playerReason, type Why } from "@marquee/terminal-protocol";
import { playProgramArgs } from "./args";
import { type CommandHandler, fetchBefore, waitFor } from "./context";

/** playProgram: fetch the manifest (which carries the play-now) and play it now; ack when on screen. */
export const playProgram: CommandHandler = async (c, ctx, deadline) => {
  const args = playProgramArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  const { programId, until } = args.value;
  if (until !== null && until <= Date.now()) return { ok: false, reason: playerReason("untilPast") };
  const fetched = await fetchBefore(ctx, deadline);
  if (!fetched.ok) return fetched;
  let held = false;
  let why: Why = playerReason("programNotShown", { id: programId });
  return waitFor(
    ctx,
    () => {
      if (ctx.snapshot().state !== "authorised") return { ok: false, reason: playerReason("notAuthorised") };
      const r = ctx.readiness(programId);
      if (r) {
        why = r.reason;
        return r.final ? { ok: false, reason: r.reason } : null;
      }
      if (!held) {
        held = true;
        const p = ctx.currentPlayNow();
        if (!(p && p.programId === programId && p.startAt === null))
          ctx.holdPlayNow({ programId, until, startAt: null });
      }
      const { showing, interrupt, screen } = ctx.snapshot();
      if (showing?.item.id !== programId) return null;
      if (interrupt) {
        why = playerReason("emergency", { name: interrupt.name });
        return null;
      }
      return { ok: true, data: { programId, screenOn: screen.screenOn } };
    },
    deadline,
    () => why,
  );
};
