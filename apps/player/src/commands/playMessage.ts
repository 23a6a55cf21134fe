import { playerReason, type Why } from "@marquee/terminal-protocol";
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
  let why: Why = playerReason("messageNotShown", { id });
  return waitFor(
    ctx,
    () => {
      const snap = ctx.snapshot();
      if (snap.state !== "authorised") return { ok: false, reason: playerReason("notAuthorised") };
      const newest = ctx.newest();
      if (!newest?.messages.some((m) => m.id === id))
        return { ok: false, reason: playerReason("messageNotInManifest", { id }) };
      const { messages, interrupt, manifest } = snap;
      if (interrupt?.id === id || messages.some((m) => m.id === id))
        return { ok: true, data: { messageId: id, screenOn: snap.screen.screenOn } };
      const own = manifest?.messages.filter((m) => m.id === id) ?? [];
      if (own.length === 0) {
        why = ctx.waiting() ?? playerReason("messageDownloading", { id });
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
        why = playerReason("messageStartsAt", { id, at: new Date(m.startAt).toISOString() });
      else if (m?.endAt !== null && m?.endAt !== undefined && m.endAt <= now)
        why = playerReason("messageEnded", { id });
      else if (interrupt) why = playerReason("emergency", { name: interrupt.name });
      else why = playerReason("messageDisplaced", { id });
      return null;
    },
    deadline,
    () => why,
  );
};
