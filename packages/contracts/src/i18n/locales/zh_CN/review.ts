import type en from "../en/review";

/** Server messages of content review, in Simplified Chinese (mainland usage). */
export default {
  "review.ownSubmission": "审核人不能通过自己提交的内容（{{name}}）",
  "review.historyEdited": "已编辑，退回草稿",
  "review.programPublished": "节目 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "review.programReviewRequested": "节目 {{name}} 等待您审核（提交人：{{user}}）",
} satisfies Record<keyof typeof en, string>;
