/** Server messages of play plans, in English: the source of this domain's keys, which every other language carries. */
export default {
  "plan.programMissing": "These programs do not exist or are outside your data range: {{ids}}",
  "plan.versionConflict":
    "Play plan {{name}} was saved by someone else after you opened it (now version {{version}})",
  "plan.stateInvalid": "Play plan {{name}} cannot do this in its state ({{state}})",
  "plan.published": "Play plan {{name}} is published as {{publications}}; withdraw it before deleting it",
  "plan.copyName": "{{name}} (copy)",
  "plan.reviewNotice": "Play plan {{name}}: {{result}}",
  "plan.reviewNoticeNote": "Play plan {{name}}: {{result}} ({{note}})",
  "plan.reviewRequested": "Play plan {{name}} awaits your review (submitted by {{user}})",
  "plan.programInUse":
    "Program {{name}} is used by the play plan(s) {{plans}}; take it out of them before deleting it",
};
