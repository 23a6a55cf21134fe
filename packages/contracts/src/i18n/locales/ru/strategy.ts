import type en from "../en/strategy";

/** Server messages of strategies, in Russian. */
export default {
  "strategy.nameTaken": "Стратегия с именем {{name}} уже есть у этого арендатора",
  "strategy.volumeOverlap":
    "пересекается с предыдущим правилом громкости (одновременно действует одно правило)",
  "strategy.officeOtherTenant": "Стратегия остаётся у своего арендатора: {{name}} относится к другому",
  "strategy.terminalPending": "Терминал {{name}} ожидает авторизации; сначала авторизуйте его",
  "strategy.notRelated": "Терминал {{name}} не следует этой стратегии",
  "strategy.noTerminals": "Ни один терминал в вашей области данных не следует этой стратегии",
} satisfies Record<keyof typeof en, string>;
