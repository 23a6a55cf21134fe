import type en from "../en/publish";

/** Server messages of publishing and delivery, in Simplified Chinese (mainland usage). */
export default {
  "publish.noTargets": "请至少选择一个终端、机构或分组",
  "publish.noTerminals": "所选范围内没有您数据范围内的已授权终端",
  "publish.stateInvalid": "{{name}} 当前状态（{{state}}）不能发布",
  "publish.messageEnded": "消息 {{name}} 已经结束，请先修改结束时间再发布",
  "publish.nameTaken": "已存在名为 {{name}} 的发布",
  "publish.otherTenant": "终端 {{name}} 与内容不属于同一客户",
  "publish.notActive": "发布 {{name}} 未生效（{{state}}）",
  "publish.state.scheduled": "定时",
  "publish.state.active": "生效中",
  "publish.state.withdrawn": "已撤回",
} satisfies Record<keyof typeof en, string>;
