import type en from "../en/publishMessage";

/** Server messages of published messages, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "pubMessage.versionConflict": "訊息 {{name}} 在您開啟後已被他人儲存（目前版本 {{version}}）",
  "pubMessage.stateInvalid": "訊息 {{name}} 在目前狀態（{{state}}）下不能執行此操作",
  "pubMessage.published": "訊息 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "pubMessage.reviewNotice": "訊息 {{name}}：{{result}}",
  "pubMessage.reviewNoticeNote": "訊息 {{name}}：{{result}}（{{note}}）",
  "pubMessage.reviewRequested": "訊息 {{name}} 等待您審核（提交人：{{user}}）",
} satisfies Record<keyof typeof en, string>;
