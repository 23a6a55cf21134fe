/** Server messages of API tokens, in English: the source of this domain's keys, which every other language carries. */
export default {
  "token.tooMany": "You already hold {{max}} live API tokens: revoke one first",
  "token.officesRequired": "choose at least one office",
  "token.officeOutOfRange": "office {{id}} is outside your data range",
  "token.rangeWider": "a token cannot see more than you: choose a range inside yours",
  "token.sessionOnly": "This call needs a signed-in session: an API token cannot make it",
  "token.notFound": "You have no API token {{id}}",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "{{permission}} cannot be held in this tenant",
  "serviceAccount.outranks":
    "Service account {{name}} holds {{permission}}, which you do not: only an administrator who holds all of its permissions may change it or make its tokens",
  "serviceAccount.disabled": "Service account {{name}} is disabled: enable it first",
};
