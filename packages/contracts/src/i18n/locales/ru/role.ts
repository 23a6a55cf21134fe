import type en from "../en/role";

/** Server messages of roles, in Russian. */
export default {
  "role.codeFormat": "должен начинаться с буквы и содержать только буквы, цифры, _, - или .",
  "role.permissionUnknown": "не является правом из каталога",
  "role.codeTaken": "В этой организации уже есть роль с кодом {{code}}",
  "role.codeFixed": "код встроенной роли нельзя изменить",
  "role.officeRequired": "выберите организацию, которой принадлежит роль",
  "role.officeNotTenant": "роли принадлежат платформе, агенту или клиенту, а не подразделению",
  "role.officeFixed": "роль нельзя перенести в другую организацию",
  "role.cannotGrant": "Нельзя выдать право, которого у вас нет: {{permissions}}",
  "role.platformOnly": "Роль агента или клиента не может иметь эти права платформы: {{permissions}}",
  "role.adminOnly": "Изменить роль {{name}} может только обладатель всех прав",
  "role.adminLocked": "Роль {{name}} имеет все права; её права изменить нельзя",
  "role.tenantAdminLocked": "Права встроенной роли {{name}} может изменить только вышестоящая организация",
  "role.builtIn": "Роль {{name}} встроенная, её нельзя удалить",
  "role.inUse": "Роль {{name}} всё ещё назначена {{count}} пользователю(ям); сначала снимите её с них",
} satisfies Record<keyof typeof en, string>;
