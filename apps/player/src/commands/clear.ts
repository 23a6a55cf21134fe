import { playerReason } from "@marquee/terminal-protocol";
import { afterAck, type CommandHandler, within } from "./context";

/** clear: drop every cached program and file and show the idle screen until a new manifest arrives. */
export const clear: CommandHandler = async (_c, ctx, deadline) => {
  let removed = 0;
  const job = ctx.serial(() =>
    ctx.forgetEverything(() => {
      removed++;
    }),
  );
  const done = await within(
    job.then(() => true),
    deadline,
    false,
  );
  if (!done) return { ok: false, reason: playerReason("busyNotCleared") };
  const snap = ctx.snapshot();
  if (snap.manifest !== null) return { ok: false, reason: snap.lastError ?? playerReason("notCleared") };
  void ctx.estimate();
  // The server emptied this screen's content first: the manifest fetched now says what is left.
  afterAck(() => void ctx.sync());
  return { ok: true, data: { cleared: true, files: removed } };
};
