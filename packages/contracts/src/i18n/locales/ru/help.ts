import type en from "../en/help";

/** Server messages of the FAQ, the customer centre and announcements, in Russian. */
export default {
  "help.answerEmpty": "после удаления небезопасного HTML не осталось текста",
  "help.phoneFormat": "может содержать только цифры, пробелы и + - ( ) . / # *",
} satisfies Record<keyof typeof en, string>;
