import type en from "../en/help";

/** Server messages of the FAQ, the customer centre and announcements, in Simplified Chinese (mainland usage). */
export default {
  "help.answerEmpty": "去除不安全的 HTML 后已没有内容",
  "help.phoneFormat": "只能包含数字、空格和 + - ( ) . / # *",
} satisfies Record<keyof typeof en, string>;
