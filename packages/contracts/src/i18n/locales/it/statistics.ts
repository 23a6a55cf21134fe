import type en from "../en/statistics";

/** Server messages of statistics, in Italian. */
export default {
  "stats.rangeOrder": "non può essere precedente alla data di inizio",
  "stats.rangeTooLong": "l'intervallo può coprire al massimo 366 giorni",
  "stats.tooManyIds": "al massimo 500 terminali alla volta",
} satisfies Record<keyof typeof en, string>;
