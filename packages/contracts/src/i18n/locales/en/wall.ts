/** Server messages of video walls, in English: the source of this domain's keys, which every other language carries. */
export default {
  "wall.cellOutside":
    "Screen {{terminal}} is placed at row {{row}}, column {{col}}, outside the {{rows}} × {{cols}} grid",
  "wall.cellTaken": "Two screens are placed at row {{row}}, column {{col}}",
  "wall.terminalTwice": "Terminal {{terminal}} is placed twice",
  "wall.terminalTaken": "Terminal {{name}} already belongs to another video wall",
  "wall.otherTenant": "Terminal {{name}} belongs to another customer than this video wall",
};
