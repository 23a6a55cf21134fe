/** Server messages of terminals and the terminal gateway, in English: the source of this domain's keys, which every other language carries. */
export default {
  "terminal.enrolCodeUnknown":
    "No terminal is waiting for authorisation with the code {{code}}; check the code shown on the screen",
  "terminal.groupMissing": "Group {{id}} does not exist or is outside your data range",
  "terminal.groupNotInOffice": "Group {{id}} does not belong to institution {{officeId}}",
  "terminal.groupOtherOffice":
    "Terminal {{name}} is not in the institution of group {{group}}; move it there first",
  "terminal.groupOfficeFixed":
    "Group {{name}} belongs to another institution; a group cannot move between institutions",
  "terminal.groupCycle": "A group cannot be placed inside itself or one of its subgroups",
  "terminal.groupNameTaken": "A group named {{name}} already exists at this place",
  "terminal.groupNotEmpty":
    "Group {{name}} still holds {{terminals}} terminal(s) and {{groups}} subgroup(s); empty it first",
  "terminal.notAuthorised":
    "Terminal {{name}} is not authorised yet; authorise it with the code shown on its screen first",
  "terminal.programMissing": "These programs do not exist or are outside your data range: {{ids}}",
  "terminal.programNotPlayable":
    "Program {{name}} cannot be played yet ({{state}}); submit it and have it approved first",
  "gateway.tokenInvalid": "This terminal's token is unknown or was replaced; register the terminal again",
  "gateway.notAuthorised": "This terminal is not authorised (state: {{state}})",
  "gateway.noPlatform": "The system has no platform institution yet; create the first administrator first",
  "gateway.screenshotInvalid": "A screenshot must be a PNG, JPEG or WebP image of at most 5 MB",
  "gateway.upgradeRequired": "This address only takes WebSocket connections from terminals",
};
