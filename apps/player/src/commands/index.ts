import {
  type CommandFrame,
  type CommandName,
  type CommandResult,
  isCommandName,
} from "@marquee/terminal-protocol";
import { unsupported } from "./args";
import { clear } from "./clear";
import { ACK_MARGIN_MS, type CommandContext, type CommandHandler } from "./context";
import { debug } from "./debug";
import { deleteFiles } from "./deleteFiles";
import { playMessage } from "./playMessage";
import { playProgram } from "./playProgram";
import { position } from "./position";
import { programs } from "./programs";
import { reboot } from "./reboot";
import { refresh } from "./refresh";
import { screenshot } from "./screenshot";
import { settings } from "./settings";
import { syncStart } from "./syncStart";
import { update } from "./update";
import { volume } from "./volume";

export type { CommandContext, Fetched, Unready } from "./context";

/** The handler of every command the protocol names. */
export const COMMAND_HANDLERS: Record<CommandName, CommandHandler> = {
  refresh,
  screenshot,
  volume,
  settings,
  reboot,
  clear,
  playProgram,
  playMessage,
  programs,
  deleteFiles,
  update,
  position,
  debug,
  syncStart,
};

/** Runs a command with its handler; one the protocol does not name fails as unsupported. */
export function runCommand(c: CommandFrame, ctx: CommandContext): CommandResult | Promise<CommandResult> {
  // Commands that wait answer before the server's timeout would, with what they wait for.
  const deadline = Date.now() + Math.max(500, c.timeoutMs - ACK_MARGIN_MS);
  if (!isCommandName(c.name)) return { ok: false, reason: unsupported(c.name) };
  return COMMAND_HANDLERS[c.name](c, ctx, deadline);
}
