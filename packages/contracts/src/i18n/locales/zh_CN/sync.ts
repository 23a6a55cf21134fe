import type en from "../en/sync";

/** Server messages of synchronized broadcast, in Simplified Chinese (mainland usage). */
export default {
  "sync.notPlayable": "节目 {{name}} 当前状态（{{state}}）不能播放",
  "sync.otherTenant": "终端 {{name}} 与节目 {{program}} 不属于同一客户",
} satisfies Record<keyof typeof en, string>;
