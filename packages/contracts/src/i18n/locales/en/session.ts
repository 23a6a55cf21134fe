/** Server messages of signing in and the session's access checks, in English: the source of this domain's keys, which every other language carries. */
export default {
  "auth.noSession": "Your session has expired; sign in again",
  "auth.forbidden": "Request denied: you lack the permission {{permission}}",
  "auth.platformOnly": "Request denied: only the platform's own users may use {{permission}}",
  "auth.csrf": "Request refused: it must come from this site's console",
  "auth.outOfRange": "Request denied: {{entity}} {{id}} is outside your data range",
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
  "login.tenantDisabled": "{{name}} is disabled, so its users cannot sign in; contact your provider",
  "login.tenantExpired":
    "The subscription of {{name}} has expired, so its users cannot sign in; contact your provider",
  "login.passwordExpired": "Your password has expired; choose a new one to sign in",
  "login.passwordReset": "Your password was set by an administrator; choose your own to sign in",
};
