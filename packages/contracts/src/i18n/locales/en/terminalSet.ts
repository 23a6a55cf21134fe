/** Server messages of terminal settings and commands, in English: the source of this domain's keys, which every other language carries. */
export default {
  "terminalSet.emptyPatch": "Choose at least one setting to change",
  "terminalSet.programNotPlayable":
    "Program {{name}} cannot be played now ({{state}}); it must be approved first",
  "terminalSet.messageNotPlayable":
    "Message {{name}} cannot be shown now ({{state}}); it must be approved first",
  "terminalSet.messageEnded": "Message {{name}} has already ended",
  "terminalSet.messageNotOnTerminal": "Message {{messageId}} is not shown on terminal {{name}}",
  "terminalSet.multipartRequired": "Send the package as multipart/form-data with a file",
  "terminalSet.multipartInvalid": "The upload could not be read: {{reason}}",
  "terminalSet.fileRequired": "Choose the package file",
  "terminalSet.fileEmpty": "The package file is empty",
  "terminalSet.packageTooLarge": "The package is larger than the upload limit of {{limit}} MB",
  "terminalSet.commandMissing": "Command {{id}} does not exist or is outside your data range",
  "terminalSet.contentOtherTenant": "{{name}} belongs to another tenant than terminal {{terminal}}",
  "terminalSet.packageOtherTenant": "Terminal {{name}} belongs to another tenant than the package",
};
