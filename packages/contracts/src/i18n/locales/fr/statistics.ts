import type en from "../en/statistics";

/** Server messages of statistics, in French. */
export default {
  "stats.rangeOrder": "ne peut pas précéder la date de début",
  "stats.rangeTooLong": "la période peut couvrir au plus 366 jours",
  "stats.tooManyIds": "500 terminaux au plus à la fois",
} satisfies Record<keyof typeof en, string>;
