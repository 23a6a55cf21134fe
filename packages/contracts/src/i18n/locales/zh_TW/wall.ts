import type en from "../en/wall";

/** Server messages of video walls, in Traditional Chinese. */
export default {
  "wall.cellOutside": "螢幕 {{terminal}} 位於第 {{row}} 列第 {{col}} 欄，超出 {{rows}} × {{cols}} 網格",
  "wall.cellTaken": "兩塊螢幕都位於第 {{row}} 列第 {{col}} 欄",
  "wall.terminalTwice": "終端 {{terminal}} 被放置了兩次",
  "wall.terminalTaken": "終端 {{name}} 已屬於另一個拼接螢幕",
  "wall.otherTenant": "終端 {{name}} 與此拼接螢幕屬於不同的客戶",
} satisfies Record<keyof typeof en, string>;
