import type en from "../en/wall";

/** Server messages of video walls, in Russian. */
export default {
  "wall.cellOutside":
    "Экран {{terminal}} стоит в строке {{row}}, столбце {{col}}, вне сетки {{rows}} × {{cols}}",
  "wall.cellTaken": "Два экрана стоят в строке {{row}}, столбце {{col}}",
  "wall.terminalTwice": "Терминал {{terminal}} указан дважды",
  "wall.terminalTaken": "Терминал {{name}} уже входит в другую видеостену",
  "wall.otherTenant": "Терминал {{name}} принадлежит другому клиенту, чем эта видеостена",
} satisfies Record<keyof typeof en, string>;
