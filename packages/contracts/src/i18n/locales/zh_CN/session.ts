import type en from "../en/session";

/** Server messages of signing in and the session's access checks, in Simplified Chinese (mainland usage). */
export default {
  "auth.noSession": "登录已过期，请重新登录",
  "auth.forbidden": "请求被拒绝：缺少权限 {{permission}}",
  "auth.platformOnly": "请求被拒绝：只有平台用户可以使用 {{permission}}",
  "auth.csrf": "请求被拒绝：请求必须来自本站管理控制台",
  "auth.outOfRange": "请求被拒绝：{{entity}} {{id}} 不在您的数据范围内",
  "login.invalidCredentials": "用户名或密码错误",
  "login.captchaRequired": "请输入图片中的验证码",
  "login.captchaWrong": "图片验证码错误，请按新图片重新输入",
  "login.locked": "登录失败次数过多，请在 {{minutes}} 分钟后重试",
  "login.disabled": "该账号已被停用，请联系管理员",
  "login.codeRequired": "请输入发送至 {{mail}} 的验证码",
  "login.codeWrong": "验证码错误或已过期",
  "login.decryptFailed": "密码解密失败，请刷新页面后重试",
  "login.codeSent": "验证码已发送至 {{mail}}",
  "login.codeTooSoon": "请等待 {{seconds}} 秒后再获取验证码",
  "login.noMail": "该账号未设置邮箱，无法接收验证码",
  "login.tenantDisabled": "{{name}} 已被停用，其用户无法登录，请联系您的服务商",
  "login.tenantExpired": "{{name}} 的服务已到期，其用户无法登录，请联系您的服务商",
  "login.passwordExpired": "您的密码已过期，请设置新密码后登录",
  "login.passwordReset": "您的密码由管理员设置，请先设置自己的密码再登录",
} satisfies Record<keyof typeof en, string>;
