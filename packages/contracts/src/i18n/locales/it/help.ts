import type en from "../en/help";

/** Server messages of the FAQ, the customer centre and announcements, in Italian. */
export default {
  "help.answerEmpty": "non contiene più testo dopo la rimozione dell'HTML non sicuro",
  "help.phoneFormat": "può contenere solo cifre, spazi e + - ( ) . / # *",
} satisfies Record<keyof typeof en, string>;
