/** Server messages of roles, in English: the source of this domain's keys, which every other language carries. */
export default {
  "role.codeFormat": "must start with a letter and hold only letters, digits, _, - or .",
  "role.permissionUnknown": "is not a permission of the catalogue",
  "role.codeTaken": "A role with the code {{code}} already exists in this organisation",
  "role.codeFixed": "the code of a built-in role cannot change",
  "role.officeRequired": "choose the organisation the role belongs to",
  "role.officeNotTenant": "roles belong to the platform, an agent or a customer, not to an institution",
  "role.officeFixed": "a role cannot move to another organisation",
  "role.cannotGrant": "You cannot grant a permission you do not hold: {{permissions}}",
  "role.platformOnly":
    "A role of an agent or customer cannot carry these platform permissions: {{permissions}}",
  "role.adminOnly": "Only a holder of every permission can change the role {{name}}",
  "role.adminLocked": "The role {{name}} holds every permission; its permissions cannot be changed",
  "role.tenantAdminLocked":
    "The permissions of the built-in role {{name}} can only be changed by the organisation above yours",
  "role.builtIn": "The role {{name}} is built in and cannot be deleted",
  "role.inUse": "The role {{name}} is still held by {{count}} user(s); take it from them first",
};
