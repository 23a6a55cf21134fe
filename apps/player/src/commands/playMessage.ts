import { playMessageArgs } from "./args";
import { type CommandHandler, fetchBefore, waitFor } from "./context";

/** playMessage: fetch the manifest (which carries the message) and show it; ack when on screen. */
export const playMessage: CommandHandler = async (c, ctx, deadline) => {
  const args = playMessageArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  const id = args.value;
  const fetched = await fetchBefore(ctx, deadline);
  if (!fetched.ok) return fetched;
  let revived = false;
  let why = `message ${id} is not shown yet`;
  return waitFor(
    ctx,
    () => {
      const snap = ctx.snapshot();
      if (snap.state !== "authorised") return { ok: false, reason: "this screen is not authorised" };
      const newest = ctx.newest();
      if (!newest?.messages.some((m) => m.id === id))
        return { ok: false, reason: `message ${id} is not in this screen's manifest` };
      const { messages, interrupt, manifest } = snap;
      if (interrupt?.id === id || messages.some((m) => m.id === id))
        return { ok: true, data: { messageId: id, screenOn: snap.screen.screenOn } };
      const own = manifest?.messages.filter((m) => m.id === id) ?? [];
      if (own.length === 0) {
        why = ctx.waiting() ?? `message ${id}: the manifest is still downloading`;
        return null;
      }
      // Played now: shown again even if it had been shown its count.
      if (!revived) {
        revived = true;
        ctx.reviveMessages(own);
        return null;
      }
      const now = Date.now();
      const m = own[0];
      if (m?.startAt !== null && m?.startAt !== undefined && m.startAt > now)
        why = `message ${id} starts at ${new Date(m.startAt).toISOString()}`;
      else if (m?.endAt !== null && m?.endAt !== undefined && m.endAt <= now) why = `message ${id} has ended`;
      else if (interrupt) why = `an emergency message (${interrupt.name}) covers the screen`;
      else why = `message ${id} is not shown: another message holds its place`;
      return null;
    },
    deadline,
    () => why,
  );
};
