/** Server messages of content review, in English: the source of this domain's keys, which every other language carries. */
export default {
  "review.ownSubmission": "A reviewer cannot approve their own submission ({{name}})",
  "review.historyEdited": "Edited, back to draft",
  "review.programPublished":
    "Program {{name}} is published as {{publications}}; withdraw it before deleting it",
  "review.programReviewRequested": "Program {{name}} awaits your review (submitted by {{user}})",
};
