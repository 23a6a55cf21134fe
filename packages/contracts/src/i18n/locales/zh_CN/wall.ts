import type en from "../en/wall";

/** Server messages of video walls, in Simplified Chinese. */
export default {
  "wall.cellOutside": "屏幕 {{terminal}} 位于第 {{row}} 行第 {{col}} 列，超出 {{rows}} × {{cols}} 网格",
  "wall.cellTaken": "两块屏幕都位于第 {{row}} 行第 {{col}} 列",
  "wall.terminalTwice": "终端 {{terminal}} 被放置了两次",
  "wall.terminalTaken": "终端 {{name}} 已属于另一个拼接屏",
  "wall.otherTenant": "终端 {{name}} 与此拼接屏属于不同的客户",
} satisfies Record<keyof typeof en, string>;
