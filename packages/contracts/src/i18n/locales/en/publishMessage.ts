/** Server messages of published messages, in English: the source of this domain's keys, which every other language carries. */
export default {
  "pubMessage.versionConflict":
    "Message {{name}} was saved by someone else after you opened it (now version {{version}})",
  "pubMessage.stateInvalid": "Message {{name}} cannot do this in its state ({{state}})",
  "pubMessage.published": "Message {{name}} is published as {{publications}}; withdraw it before deleting it",
  "pubMessage.reviewNotice": "Message {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Message {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Message {{name}} awaits your review (submitted by {{user}})",
};
