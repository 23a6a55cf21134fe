import type en from "../en/strategy";

/** Server messages of strategies, in Simplified Chinese (mainland usage). */
export default {
  "strategy.nameTaken": "本租户已存在名为 {{name}} 的策略",
  "strategy.volumeOverlap": "与前面的音量规则时间重叠（同一时刻只能有一条规则）",
  "strategy.officeOtherTenant": "策略不能移出所属租户：{{name}} 属于其他租户",
  "strategy.terminalPending": "终端 {{name}} 尚待授权，请先授权",
  "strategy.notRelated": "终端 {{name}} 未关联此策略",
  "strategy.noTerminals": "您的数据范围内没有终端关联此策略",
} satisfies Record<keyof typeof en, string>;
