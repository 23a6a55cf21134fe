import type en from "../en/terminalSet";

/** Server messages of terminal settings and commands, in Simplified Chinese (mainland usage). */
export default {
  "terminalSet.emptyPatch": "请至少选择一项要修改的设置",
  "terminalSet.programNotPlayable": "节目 {{name}} 当前无法播放（{{state}}），需先审核通过",
  "terminalSet.messageNotPlayable": "消息 {{name}} 当前无法播放（{{state}}），需先审核通过",
  "terminalSet.messageEnded": "消息 {{name}} 已经结束",
  "terminalSet.messageNotOnTerminal": "终端 {{name}} 上没有播放消息 {{messageId}}",
  "terminalSet.multipartRequired": "请以 multipart/form-data 格式上传升级包文件",
  "terminalSet.multipartInvalid": "无法读取上传内容：{{reason}}",
  "terminalSet.fileRequired": "请选择升级包文件",
  "terminalSet.fileEmpty": "升级包文件为空",
  "terminalSet.packageTooLarge": "升级包超过了 {{limit}} MB 的上传限制",
  "terminalSet.commandMissing": "指令 {{id}} 不存在或不在您的数据范围内",
  "terminalSet.contentOtherTenant": "{{name}} 与终端 {{terminal}} 不属于同一租户",
  "terminalSet.packageOtherTenant": "终端 {{name}} 与升级包不属于同一租户",
} satisfies Record<keyof typeof en, string>;
