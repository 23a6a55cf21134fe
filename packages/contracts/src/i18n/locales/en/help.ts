/** Server messages of the FAQ, the customer centre and announcements, in English: the source of this domain's keys, which every other language carries. */
export default {
  "help.answerEmpty": "has no text left once unsafe HTML is removed",
  "help.phoneFormat": "may hold only digits, spaces and + - ( ) . / # *",
};
