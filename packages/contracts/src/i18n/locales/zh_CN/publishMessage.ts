import type en from "../en/publishMessage";

/** Server messages of published messages, in Simplified Chinese (mainland usage). */
export default {
  "pubMessage.versionConflict": "消息 {{name}} 在您打开后已被他人保存（当前版本 {{version}}）",
  "pubMessage.stateInvalid": "消息 {{name}} 在当前状态（{{state}}）下不能执行此操作",
  "pubMessage.published": "消息 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "pubMessage.reviewNotice": "消息 {{name}}：{{result}}",
  "pubMessage.reviewNoticeNote": "消息 {{name}}：{{result}}（{{note}}）",
  "pubMessage.reviewRequested": "消息 {{name}} 等待您审核（提交人：{{user}}）",
} satisfies Record<keyof typeof en, string>;
