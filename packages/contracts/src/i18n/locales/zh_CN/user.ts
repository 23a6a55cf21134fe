import type en from "../en/user";

/** Server messages of user management and the password policy, in Simplified Chinese (mainland usage). */
export default {
  "user.oldPasswordWrong": "当前密码错误",
  "user.passwordWeak": "密码长度须为 8 至 64 个字符，且至少包含一个字母和一个数字",
  "user.passwordSame": "新密码不能与当前密码相同",
  "user.usernameTaken": "用户名 {{username}} 已被占用",
  "user.officeOutOfRange": "机构 {{id}} 不在您的数据范围内",
  "user.avatarInvalid": "头像必须是 PNG、JPEG、GIF 或 WebP 图片",
  "user.avatarTooLarge": "头像不能超过 {{max}} KB",
  "user.passwordPolicy":
    "密码须为 {{min}} 至 {{max}} 个字符，且至少包含以下 {{classes}} 类字符：小写字母、大写字母、数字、符号",
  "user.usernameFormat": "只能包含字母、数字及 . _ @ -",
  "user.addressUnusable": "此联系方式无法使用",
  "user.mailOrPhone": "请填写邮箱或电话其中之一",
  "user.roleOtherTenant": "角色 {{name}} 属于其他租户，与该用户所在机构不符",
  "user.roleNotGrantable": "您不能分配角色 {{name}}：它包含您无权授予的权限（{{permissions}}）",
  "user.outranks": "您不能管理 {{username}}：其角色 {{role}} 包含您无权授予的权限",
  "user.selfDisable": "不能停用自己的账号",
  "user.selfDelete": "不能删除自己的账号",
  "user.lastAdmin": "{{username}} 是最后一个启用的平台管理员，至少须保留一个",
  "user.passwordByReset": "用户密码须通过“重置密码”修改，不能在编辑中修改",
  "user.dataOfficeOutside": "机构 {{id}} 不在该用户所在机构或其下级",
  "user.rangeTooWide": "该数据范围超出了您自己的数据范围",
  "user.ownPassword": "请在个人中心修改您自己的密码",
  "user.passwordNotExpired": "该密码尚未过期，请直接用它登录",
  "user.smsNotConfigured": "未配置短信服务：验证码只能通过邮件发送",
  "user.inUse": "无法删除 {{username}}：仍有其他记录引用该账号，请改为停用",
} satisfies Record<keyof typeof en, string>;
