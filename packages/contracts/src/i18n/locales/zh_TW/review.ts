import type en from "../en/review";

/** Server messages of content review, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "review.ownSubmission": "審核人不能核准自己提交的內容（{{name}}）",
  "review.historyEdited": "已編輯，退回草稿",
  "review.programPublished": "節目 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "review.programReviewRequested": "節目 {{name}} 等待您審核（提交人：{{user}}）",
} satisfies Record<keyof typeof en, string>;
