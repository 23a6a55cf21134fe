import type en from "../en/playPlan";

/** Server messages of play plans, in Simplified Chinese (mainland usage). */
export default {
  "plan.programMissing": "以下节目不存在或不在您的数据范围内：{{ids}}",
  "plan.versionConflict": "播放计划 {{name}} 在您打开后已被他人保存（当前版本 {{version}}）",
  "plan.stateInvalid": "播放计划 {{name}} 在当前状态（{{state}}）下不能执行此操作",
  "plan.published": "播放计划 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "plan.copyName": "{{name}}（副本）",
  "plan.reviewNotice": "播放计划 {{name}}：{{result}}",
  "plan.reviewNoticeNote": "播放计划 {{name}}：{{result}}（{{note}}）",
  "plan.reviewRequested": "播放计划 {{name}} 等待您审核（提交人：{{user}}）",
  "plan.programInUse": "节目 {{name}} 正被播放计划 {{plans}} 使用，请先从这些计划中移除再删除",
} satisfies Record<keyof typeof en, string>;
