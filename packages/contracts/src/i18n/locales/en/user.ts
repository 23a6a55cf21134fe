/** Server messages of user management and the password policy, in English: the source of this domain's keys, which every other language carries. */
export default {
  "user.oldPasswordWrong": "The current password is wrong",
  "user.passwordWeak": "The password needs 8 to 64 characters with at least one letter and one digit",
  "user.passwordSame": "The new password must differ from the current one",
  "user.usernameTaken": "The user name {{username}} is already taken",
  "user.officeOutOfRange": "Institution {{id}} is outside your data range",
  "user.avatarInvalid": "The avatar must be a PNG, JPEG, GIF or WebP image",
  "user.avatarTooLarge": "The avatar may be at most {{max}} KB",
  "user.passwordPolicy":
    "The password needs {{min}} to {{max}} characters with at least {{classes}} of these kinds: lower-case letters, upper-case letters, digits, symbols",
  "user.usernameFormat": "may contain only letters, digits and . _ @ -",
  "user.addressUnusable": "This address cannot be used",
  "user.mailOrPhone": "give either a mail address or a phone number",
  "user.roleOtherTenant": "Role {{name}} belongs to another tenant than the user's institution",
  "user.roleNotGrantable":
    "You cannot assign the role {{name}}: it carries permissions you cannot grant ({{permissions}})",
  "user.outranks": "You cannot manage {{username}}: their role {{role}} carries permissions you cannot grant",
  "user.selfDisable": "You cannot disable your own account",
  "user.selfDelete": "You cannot delete your own account",
  "user.lastAdmin": "{{username}} is the last enabled platform administrator; keep at least one",
  "user.passwordByReset": "A user's password is changed with Reset password, not by editing",
  "user.dataOfficeOutside": "Institution {{id}} is not at or below the user's institution",
  "user.rangeTooWide": "This data range is wider than your own",
  "user.ownPassword": "Change your own password in the personal centre",
  "user.passwordNotExpired": "This password has not expired; sign in with it",
  "user.smsNotConfigured": "SMS is not configured: verification codes can only be sent by mail",
  "user.inUse":
    "{{username}} cannot be deleted: other records still refer to the account; disable it instead",
};
