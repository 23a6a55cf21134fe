import type en from "../en/playPlan";

/** Server messages of play plans, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "plan.programMissing": "以下節目不存在或不在您的資料範圍內：{{ids}}",
  "plan.versionConflict": "播放計劃 {{name}} 在您開啟後已被他人儲存（目前版本 {{version}}）",
  "plan.stateInvalid": "播放計劃 {{name}} 在目前狀態（{{state}}）下不能執行此操作",
  "plan.published": "播放計劃 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "plan.copyName": "{{name}}（副本）",
  "plan.reviewNotice": "播放計劃 {{name}}：{{result}}",
  "plan.reviewNoticeNote": "播放計劃 {{name}}：{{result}}（{{note}}）",
  "plan.reviewRequested": "播放計劃 {{name}} 等待您審核（提交人：{{user}}）",
  "plan.programInUse": "節目 {{name}} 正被播放計劃 {{plans}} 使用，請先從這些計劃中移除再刪除",
} satisfies Record<keyof typeof en, string>;
