import { playerReason } from "@marquee/terminal-protocol";
import { deletionPlan } from "../library";
import { filesOf } from "../manifest";
import { deleteFilesArgs } from "./args";
import { type CommandHandler, within } from "./context";

/** deleteFiles: these cached files, or every file the manifests do not need; never a needed one. */
export const deleteFiles: CommandHandler = async (c, ctx, deadline) => {
  const args = deleteFilesArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  const { store } = ctx.env;
  const result = {
    deleted: [] as string[],
    skipped: [] as string[],
    missing: [] as string[],
    freedBytes: 0,
  };
  // After the running download (its files are needed): one job at a time.
  const job = ctx.serial(async () => {
    const held = new Set(await store.hashes());
    const needed = new Set(
      [...filesOf(ctx.snapshot().manifest), ...filesOf(ctx.pending())].map((f) => f.hash),
    );
    const plan = deletionPlan(args.value, held, needed);
    result.skipped = plan.skipped;
    result.missing = plan.missing;
    for (const hash of plan.remove) {
      const size = (await store.sizeOf(hash).catch(() => null)) ?? 0;
      await store.remove(hash);
      result.deleted.push(hash);
      result.freedBytes += size;
    }
  });
  const done = await within(
    job.then(() => true),
    deadline,
    false,
  );
  if (!done) return { ok: false, reason: playerReason("busyNotDeleted") };
  void ctx.estimate();
  return { ok: true, data: result };
};
