import type en from "../en/sync";

/** Server messages of synchronized broadcast, in Russian. */
export default {
  "sync.notPlayable": "Программу {{name}} нельзя воспроизвести в её состоянии ({{state}})",
  "sync.otherTenant": "Терминал {{name}} принадлежит другому клиенту, чем программа {{program}}",
} satisfies Record<keyof typeof en, string>;
