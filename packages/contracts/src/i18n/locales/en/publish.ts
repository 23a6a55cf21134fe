/** Server messages of publishing and delivery, in English: the source of this domain's keys, which every other language carries. */
export default {
  "publish.noTargets": "choose at least one terminal, office or group",
  "publish.noTerminals": "The selection reaches no authorised terminal in your data range",
  "publish.stateInvalid": "{{name}} cannot be published in its state ({{state}})",
  "publish.messageEnded": "Message {{name}} has already ended; change its end time before publishing it",
  "publish.nameTaken": "A publication named {{name}} already exists",
  "publish.otherTenant": "Terminal {{name}} belongs to another customer than the content",
  "publish.notActive": "Publication {{name}} is not active ({{state}})",
  "publish.state.scheduled": "Scheduled",
  "publish.state.active": "Active",
  "publish.state.withdrawn": "Withdrawn",
};
