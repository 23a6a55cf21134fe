import type en from "../en/help";

/** Server messages of the FAQ, the customer centre and announcements, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "help.answerEmpty": "移除不安全的 HTML 後已沒有內容",
  "help.phoneFormat": "只能包含數字、空格和 + - ( ) . / # *",
} satisfies Record<keyof typeof en, string>;
