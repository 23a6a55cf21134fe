/** Server messages of synchronized broadcast, in English: the source of this domain's keys, which every other language carries. */
export default {
  "sync.notPlayable": "Program {{name}} cannot play in its state ({{state}})",
  "sync.otherTenant": "Terminal {{name}} belongs to another customer than program {{program}}",
};
