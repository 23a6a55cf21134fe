import { playerReasonText as said } from "@marquee/terminal-protocol";
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
  let why = said("messageNotShown", { id });
  return waitFor(
    ctx,
    () => {
      const snap = ctx.snapshot();
      if (snap.state !== "authorised") return { ok: false, reason: said("notAuthorised") };
      const newest = ctx.newest();
      if (!newest?.messages.some((m) => m.id === id))
        return { ok: false, reason: said("messageNotInManifest", { id }) };
      const { messages, interrupt, manifest } = snap;
      if (interrupt?.id === id || messages.some((m) => m.id === id))
        return { ok: true, data: { messageId: id, screenOn: snap.screen.screenOn } };
      const own = manifest?.messages.filter((m) => m.id === id) ?? [];
      if (own.length === 0) {
        why = ctx.waiting() ?? said("messageDownloading", { id });
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
        why = said("messageStartsAt", { id, at: new Date(m.startAt).toISOString() });
      else if (m?.endAt !== null && m?.endAt !== undefined && m.endAt <= now)
        why = said("messageEnded", { id });
      else if (interrupt) why = said("emergency", { name: interrupt.name });
      else why = said("messageDisplaced", { id });
      return null;
    },
    deadline,
    () => why,
  );
};
