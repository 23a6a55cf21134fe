import type en from "../en/sso";

/** Server messages of single sign-on (issue 23), in Traditional Chinese. */
export default {
  "sso.issuerInvalid": "簽發者必須是 http 或 https 位址",
  "sso.httpsRequired": "簽發者必須使用 https（僅當設定 ssoAllowHttp 允許時，迴路或內網位址可使用 http）",
  "sso.discoveryFailed": "{{issuer}} 的探索失敗：{{reason}}",
  "sso.secretRequired": "請輸入用戶端密鑰",
  "sso.jitOfficeRequired": "請選擇新使用者所在的機構",
  "sso.jitRoleRequired": "請選擇新使用者的角色",
  "sso.officeOutside": "機構 {{id}} 不屬於此租戶",
  "sso.roleOutside": "角色 {{id}} 不屬於此租戶",
  "sso.notTenant": "{{name}} 不是租戶：單一登入依平台、代理商或客戶設定",
  "sso.passwordOff": "您的組織已關閉密碼登入：請使用「透過 {{label}} 登入」",
  "sso.addressRefused":
    "「{{issuer}}」位於伺服器不可存取的位址（鏈路本地或中繼資料位址一律禁止；迴路或內網位址僅在設定 ssoAllowHttp 允許時可用）",
} satisfies Record<keyof typeof en, string>;
