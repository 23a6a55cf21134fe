import { afterAck, type CommandHandler } from "./context";

/** reboot: ack, then reload the page. */
export const reboot: CommandHandler = (_c, ctx) => {
  afterAck(() => ctx.goAway());
  return { ok: true, data: { reboot: true } };
};
