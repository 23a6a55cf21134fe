import { playerReason, type Why, whyText } from "@marquee/terminal-protocol";
import { syncStartArgs } from "./args";
import { type CommandHandler, fetchBefore, waitFor, within } from "./context";

/** The program must be ready this long before the start. */
const SYNC_READY_MS = 200;

/** syncStart: play the program from a server-clock instant; ack once it is scheduled. */
export const syncStart: CommandHandler = async (c, ctx, deadline) => {
  const args = syncStartArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  const { programId, at } = args.value;
  // The start instant is on the server's clock: without an estimate yet, one is measured now.
  let clock = ctx.clock();
  if (!clock) clock = await within(ctx.measureClock(), deadline, null);
  const offsetMs = clock?.offsetMs ?? 0;
  const localStart = at + offsetMs;
  const late = () => Math.round((Date.now() - localStart) / 1000);
  if (localStart <= Date.now())
    return { ok: false, reason: playerReason("startPassed", { seconds: late() }) };
  if (ctx.readiness(programId)) {
    const fetched = await fetchBefore(ctx, Math.min(deadline, localStart - SYNC_READY_MS));
    if (!fetched.ok) return fetched;
    let why: Why = "";
    const ready = await waitFor(
      ctx,
      () => {
        const r = ctx.readiness(programId);
        if (!r) return { ok: true };
        why = r.reason;
        return r.final ? { ok: false, reason: r.reason } : null;
      },
      Math.min(deadline, localStart - SYNC_READY_MS),
      () => playerReason("programNotReady", { id: programId, error: whyText(why) }),
    );
    if (!ready.ok) return ready;
    if (localStart <= Date.now())
      return { ok: false, reason: playerReason("startPassed", { seconds: late() }) };
  }
  ctx.holdPlayNow({ programId, until: null, startAt: at });
  return {
    ok: true,
    data: {
      programId,
      offsetMs: clock?.offsetMs ?? null,
      rttMs: clock?.rttMs ?? null,
      startsInMs: Math.round(localStart - Date.now()),
    },
  };
};
