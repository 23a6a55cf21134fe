import type en from "../en/strategy";

/** Server messages of strategies, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "strategy.nameTaken": "本租戶已存在名為 {{name}} 的策略",
  "strategy.volumeOverlap": "與前面的音量規則時間重疊（同一時刻只能有一條規則）",
  "strategy.officeOtherTenant": "策略不能移出所屬租戶：{{name}} 屬於其他租戶",
  "strategy.terminalPending": "終端 {{name}} 尚待授權，請先授權",
  "strategy.notRelated": "終端 {{name}} 未關聯此策略",
  "strategy.noTerminals": "您的資料範圍內沒有終端關聯此策略",
} satisfies Record<keyof typeof en, string>;
