import type en from "../en/sso";

/** Server messages of single sign-on (issue 23), in Simplified Chinese. */
export default {
  "sso.issuerInvalid": "签发者必须是 http 或 https 地址",
  "sso.httpsRequired": "签发者必须使用 https（仅当设置 ssoAllowHttp 允许时，回环或内网地址可使用 http）",
  "sso.discoveryFailed": "{{issuer}} 的发现失败：{{reason}}",
  "sso.secretRequired": "请输入客户端密钥",
  "sso.jitOfficeRequired": "请选择新用户所在的机构",
  "sso.jitRoleRequired": "请选择新用户的角色",
  "sso.officeOutside": "机构 {{id}} 不属于此租户",
  "sso.roleOutside": "角色 {{id}} 不属于此租户",
  "sso.notTenant": "{{name}} 不是租户：单点登录按平台、代理商或客户设置",
  "sso.passwordOff": "您的组织已关闭密码登录：请使用“通过 {{label}} 登录”",
  "sso.addressRefused":
    "“{{issuer}}”位于服务器不可访问的地址（链路本地或元数据地址一律禁止；回环或内网地址仅在设置 ssoAllowHttp 允许时可用）",
} satisfies Record<keyof typeof en, string>;
