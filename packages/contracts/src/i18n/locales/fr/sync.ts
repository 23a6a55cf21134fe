import type en from "../en/sync";

/** Server messages of synchronized broadcast, in French. */
export default {
  "sync.notPlayable": "Le programme {{name}} ne peut pas être diffusé dans son état ({{state}})",
  "sync.otherTenant": "Le terminal {{name}} appartient à un autre client que le programme {{program}}",
} satisfies Record<keyof typeof en, string>;
