import type en from "../en/sync";

/** Server messages of synchronized broadcast, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "sync.notPlayable": "節目 {{name}} 目前狀態（{{state}}）不能播放",
  "sync.otherTenant": "終端 {{name}} 與節目 {{program}} 不屬於同一客戶",
} satisfies Record<keyof typeof en, string>;
