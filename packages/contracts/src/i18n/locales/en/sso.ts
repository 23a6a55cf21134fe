/** Server messages of single sign-on (issue 23), in English: the source of this domain's keys, which every other language carries. */
export default {
  "sso.issuerInvalid": "the issuer must be an http or https address",
  "sso.httpsRequired":
    "the issuer must use https (plain http only on a loopback or private address, when the setting ssoAllowHttp allows it)",
  "sso.discoveryFailed": "The discovery of {{issuer}} failed: {{reason}}",
  "sso.secretRequired": "enter the client secret",
  "sso.jitOfficeRequired": "choose the office new users are created in",
  "sso.jitRoleRequired": "choose the role new users get",
  "sso.officeOutside": "office {{id}} is not an office of this tenant",
  "sso.roleOutside": "role {{id}} is not a role of this tenant",
  "sso.notTenant": "{{name}} is not a tenant: single sign-on is set per platform, agent or customer",
  "sso.passwordOff": 'Password sign-in is turned off for your organisation: use "Sign in with {{label}}"',
  "sso.addressRefused":
    '"{{issuer}}" is on an address the server may not reach (link-local or metadata addresses never; loopback and private ones only when the setting ssoAllowHttp allows them)',
};
