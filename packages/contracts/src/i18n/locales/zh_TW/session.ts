import type en from "../en/session";

/** Server messages of signing in and the session's access checks, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "auth.noSession": "登入已逾時，請重新登入",
  "auth.forbidden": "請求遭拒：缺少權限 {{permission}}",
  "auth.platformOnly": "請求遭拒：只有平台使用者可以使用 {{permission}}",
  "auth.csrf": "請求遭拒：請求必須來自本站管理主控台",
  "auth.outOfRange": "請求遭拒：{{entity}} {{id}} 不在您的資料範圍內",
  "login.invalidCredentials": "使用者名稱或密碼錯誤",
  "login.captchaRequired": "請輸入圖片中的驗證碼",
  "login.captchaWrong": "圖片驗證碼錯誤，請依新圖片重新輸入",
  "login.locked": "登入失敗次數過多，請於 {{minutes}} 分鐘後再試",
  "login.disabled": "此帳戶已停用，請聯絡管理員",
  "login.codeRequired": "請輸入已傳送至 {{mail}} 的驗證碼",
  "login.codeWrong": "驗證碼錯誤或已過期",
  "login.decryptFailed": "密碼解密失敗，請重新載入頁面後再試",
  "login.codeSent": "驗證碼已傳送至 {{mail}}",
  "login.codeTooSoon": "請等待 {{seconds}} 秒後再索取驗證碼",
  "login.noMail": "此帳戶未設定電郵地址，無法接收驗證碼",
  "login.tenantDisabled": "{{name}} 已被停用，其使用者無法登入，請聯絡您的服務商",
  "login.tenantExpired": "{{name}} 的服務已到期，其使用者無法登入，請聯絡您的服務商",
  "login.passwordExpired": "您的密碼已過期，請設定新密碼後登入",
  "login.passwordReset": "您的密碼由管理員設定，請先設定自己的密碼再登入",
} satisfies Record<keyof typeof en, string>;
