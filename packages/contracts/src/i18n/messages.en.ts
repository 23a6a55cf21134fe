import { accessMessages } from "./access";
import { alarmMessages } from "./alarm";
import { brandMessages } from "./brand";
import { contentMessages } from "./content";
import { debugMessages } from "./debug";
import { helpMessages } from "./help";
import { mapMessages } from "./map";
import { orgMessages } from "./org";
import { payMessages } from "./pay";
import { publishMessages } from "./publish";
import { statsMessages } from "./stats";
import { strategyMessages } from "./strategy";
import { systemMessages } from "./system";
import { terminalSetMessages } from "./terminalSet";
import { userMessages } from "./users";
/**
 * Server messages in English: the source catalogue. Every other language must
 * carry exactly these keys (checked by the type below and by a unit test).
 */
export const en = {
  "common.ok": "Success",
  "common.badRequest": "The request is not valid",
  "common.notFound": "Not found: {{path}}",
  "common.recordNotFound": "{{entity}} {{id}} does not exist",
  "common.payloadTooLarge": "The request is too large (at most {{limit}})",
  "common.unsupportedMediaType": "This content type is not accepted: {{type}}",
  "common.tooManyRequests": "Too many requests, try again in {{seconds}} seconds",
  "common.internalError": "Something went wrong on the server (request {{requestId}}); it has been logged",
  "common.unavailable": "The service is starting or the database is unreachable; try again shortly",
  "common.storageFull":
    "Storage is full: the server's disk has only {{free}} left; delete unused materials or contact your administrator",
  "system.diskLow":
    "The server's data disk is running low: {{free}} free of {{total}}. Free some space or enlarge the disk; when it is full, uploads and saves fail.",
  "auth.noSession": "Your session has expired; sign in again",
  "auth.forbidden": "Request denied: you lack the permission {{permission}}",
  "auth.platformOnly": "Request denied: only the platform's own users may use {{permission}}",
  "auth.csrf": "Request refused: it must come from this site's console",
  "auth.outOfRange": "Request denied: {{entity}} {{id}} is outside your data range",
  "validation.failed": "{{field}}: {{message}}",
  "validation.required": "is required",
  "validation.type": "must be a {{expected}}",
  "validation.tooShort": "must be at least {{min}} characters",
  "validation.tooLong": "must be at most {{max}} characters",
  "validation.tooSmall": "must be at least {{min}}",
  "validation.tooBig": "must be at most {{max}}",
  "validation.tooFewItems": "needs at least {{min}} entries",
  "validation.tooManyItems": "takes at most {{max}} entries",
  "validation.format": "has the wrong format",
  "validation.email": "must be a mail address",
  "validation.enum": "must be one of {{options}}",
  "validation.unknownField": "unknown field {{key}}",
  "validation.invalid": "is not valid",
  "validation.body": "the request body could not be read: {{reason}}",
  "login.invalidCredentials": "Wrong username or password",
  "login.captchaRequired": "Enter the characters shown in the picture",
  "login.captchaWrong": "The characters from the picture are wrong; try the new picture",
  "login.locked": "Too many failed sign-ins; try again in {{minutes}} minutes",
  "login.disabled": "This account is disabled; contact your administrator",
  "login.codeRequired": "Enter the verification code sent to {{mail}}",
  "login.codeWrong": "The verification code is wrong or has expired",
  "login.decryptFailed": "The password could not be decrypted; reload the page and try again",
  "login.codeSent": "A verification code was sent to {{mail}}",
  "login.codeTooSoon": "Wait {{seconds}} seconds before asking for another code",
  "login.noMail": "This account has no mail address for the verification code",
  "mail.notConfigured": "Mail is not configured; set the SMTP server in system settings",
  "mail.failed": "The mail could not be sent: {{reason}}",
  "mail.codeSubject": "Your Marquee sign-in code",
  "mail.codeBody": "Your verification code is {{code}}. It is valid for {{minutes}} minutes.",
  "sysInit.done": "The system is already initialised",
  "sysInit.notYet": "The system is not initialised yet",
  "user.oldPasswordWrong": "The current password is wrong",
  "user.passwordWeak": "The password needs 8 to 64 characters with at least one letter and one digit",
  "user.passwordSame": "The new password must differ from the current one",
  "user.usernameTaken": "The user name {{username}} is already taken",
  "user.officeOutOfRange": "Institution {{id}} is outside your data range",
  "user.avatarInvalid": "The avatar must be a PNG, JPEG, GIF or WebP image",
  "user.avatarTooLarge": "The avatar may be at most {{max}} KB",
  "material.chunkIndex": "Chunk {{index}} does not exist: this file has {{count}} chunks",
  "material.chunkCorrupt": "Chunk {{index}} arrived damaged (wrong length or MD5); it will be sent again",
  "material.fileCorrupt": "The assembled file does not match its MD5; upload it again",
  "material.typeRefused": "This file is not an image, video, audio or PDF document, whatever its name says",
  "material.tooLarge": "The file is larger than the upload limit of {{limit}} MB",
  "material.quota": "The file does not fit in the storage quota ({{free}} free)",
  "material.uploadUnknown": "This upload does not exist or has ended; start it again",
  "material.uploadLost": "This upload's file is no longer on the server; upload it again",
  "material.uploadFinishing": "This upload is being finished and can no longer be abandoned",
  "material.inUse": "Material {{name}} is used by {{count}} program(s) and plan(s)",
  "material.folderNotEmpty": "Folder {{name}} is not empty",
  "material.folderMissing": "Folder {{id}} does not exist",
  "material.notFile": "Material {{id}} is an address, not a file",
  "material.thumbInvalid": "A thumbnail must be a PNG, JPEG, GIF or WebP image",
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
  "setting.unknownKey": "Unknown setting: {{key}}",
  "setting.platformOnly":
    "Request denied: only the platform's own users may read or change the setting {{key}}",
  "audit.result.ok": "succeeded",
  "audit.result.fail": "failed",
  "program.idInvalid": "must be 1 to 40 letters, digits, - or _",
  "program.colorInvalid": "must be a colour like #1677ff, or transparent",
  "program.urlInvalid": "must be an http or https address",
  "program.urlRequired": "needs an address",
  "program.currencyInvalid": "must be a three-letter currency code such as EUR",
  "program.sceneRequired": "needs at least one scene",
  "program.mainSceneRequired": "needs at least one main scene",
  "program.idDuplicate": "this id is used twice",
  "program.targetInvalid": "the button's target scene is missing or of the wrong kind",
  "program.dataSourceMissing": "the data source it reads does not exist",
  "program.materialMissing": "These materials do not exist or are outside your data range: {{ids}}",
  "program.materialNotApproved": "Material {{name}} cannot be used yet (review state: {{state}})",
  "program.materialWrongType": "Material {{name}} is {{type}}, but this place takes {{expected}}",
  "program.versionConflict":
    "Program {{name}} was saved by someone else after you opened it (now version {{version}})",
  "program.published": "Program {{name}} is published; take it out of its publications before deleting it",
  "program.stateInvalid": "Program {{name}} cannot do this in its state ({{state}})",
  "program.importMissing": "These media of the program are not in your library: {{names}}; upload them first",
  "program.dataSourceFailed": "The data source could not be read: {{reason}}",
  "program.copyName": "{{name}} (copy)",
  "program.historyEdited": "Edited, back to draft",
  "program.reviewNotice": "Program {{name}}: {{result}}",
  "program.reviewNoticeNote": "Program {{name}}: {{result}} ({{note}})",
  "material.reviewNotice": "Material {{name}}: {{result}}",
  "material.reviewNoticeNote": "Material {{name}}: {{result}} ({{note}})",
  "program.state.draft": "Draft",
  "program.state.pending": "Pending review",
  "program.state.approved": "Approved",
  "program.state.rejected": "Rejected",
  "program.state.published": "Published",
  "program.kind.image": "an image",
  "program.kind.video": "a video",
  "program.kind.audio": "an audio file",
  "program.kind.document": "a PDF document",
  "program.kind.web": "a web page",
  "program.kind.stream": "a live stream",
  "widget.iconInvalid": "The palette image must be a widget image uploaded in your organisation",
  "gateway.tokenInvalid": "This terminal's token is unknown or was replaced; register the terminal again",
  "gateway.notAuthorised": "This terminal is not authorised (state: {{state}})",
  "gateway.noPlatform": "The system has no platform institution yet; create the first administrator first",
  "gateway.screenshotInvalid": "A screenshot must be a PNG, JPEG or WebP image of at most 5 MB",
  "gateway.upgradeRequired": "This address only takes WebSocket connections from terminals",
  ...contentMessages.en,
  ...publishMessages.en,
  ...orgMessages.en,
  ...brandMessages.en,
  ...userMessages.en,
  ...accessMessages.en,
  ...helpMessages.en,
  ...terminalSetMessages.en,
  ...strategyMessages.en,
  ...alarmMessages.en,
  ...mapMessages.en,
  ...debugMessages.en,
  ...statsMessages.en,
  ...payMessages.en,
  ...systemMessages.en,
} as const;

export type MessageKey = keyof typeof en;
export type MessageCatalogue = Record<MessageKey, string>;
