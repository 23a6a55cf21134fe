import type en from "../en/help";

/** Server messages of the FAQ, the customer centre and announcements, in French. */
export default {
  "help.answerEmpty": "ne contient plus de texte une fois le HTML dangereux retiré",
  "help.phoneFormat": "ne peut contenir que des chiffres, des espaces et + - ( ) . / # *",
} satisfies Record<keyof typeof en, string>;
