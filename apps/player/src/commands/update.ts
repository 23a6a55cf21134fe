import { playerReason } from "@marquee/terminal-protocol";
import { downloadPackage } from "../update";
import { updateArgs } from "./args";
import { ACK_MARGIN_MS, afterAck, type CommandHandler } from "./context";

/** update: download the package and check it; a web player then reloads into the build the server serves. */
export const update: CommandHandler = async (c, ctx) => {
  const args = updateArgs(c.args);
  if (!args.ok) return { ok: false, reason: args.reason };
  const token = ctx.token();
  if (!token) return { ok: false, reason: playerReason("notRegistered") };
  const { version } = args.value;
  const progress = (done: number, total: number, note: string) => ctx.progress(c.id, done, total, note);
  const r = await downloadPackage(
    args.value,
    { origin: ctx.env.origin, token },
    progress,
    ctx.fetch,
    AbortSignal.timeout(Math.max(1000, c.timeoutMs - ACK_MARGIN_MS)),
  );
  if (!r.ok) return r;
  progress(r.bytes, r.bytes, "installing");
  ctx.log.add("info", `update ${version} verified: reloading into the server's player`);
  // A web player installs nothing itself: it reloads into the build the server serves.
  afterAck(() => ctx.goAway());
  return { ok: true, data: { version, verified: true } };
};
