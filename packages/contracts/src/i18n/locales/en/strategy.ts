/** Server messages of strategies, in English: the source of this domain's keys, which every other language carries. */
export default {
  "strategy.nameTaken": "A strategy named {{name}} already exists in this tenant",
  "strategy.volumeOverlap": "overlaps an earlier volume rule (one rule at a time)",
  "strategy.officeOtherTenant": "A strategy stays in its tenant: {{name}} belongs to another one",
  "strategy.terminalPending": "Terminal {{name}} is waiting for authorisation; authorise it first",
  "strategy.notRelated": "Terminal {{name}} does not follow this strategy",
  "strategy.noTerminals": "No terminal in your range follows this strategy",
};
