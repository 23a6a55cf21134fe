import type en from "../en/user";

/** Server messages of user management and the password policy, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "user.oldPasswordWrong": "目前密碼錯誤",
  "user.passwordWeak": "密碼長度須為 8 至 64 個字元，且至少包含一個字母及一個數字",
  "user.passwordSame": "新密碼不得與目前密碼相同",
  "user.usernameTaken": "使用者名稱 {{username}} 已被使用",
  "user.officeOutOfRange": "機構 {{id}} 不在您的資料範圍內",
  "user.avatarInvalid": "頭像必須是 PNG、JPEG、GIF 或 WebP 圖片",
  "user.avatarTooLarge": "頭像不能超過 {{max}} KB",
  "user.passwordPolicy":
    "密碼須為 {{min}} 至 {{max}} 個字元，且至少包含以下 {{classes}} 類字元：小寫字母、大寫字母、數字、符號",
  "user.usernameFormat": "只能包含字母、數字及 . _ @ -",
  "user.addressUnusable": "此聯絡方式無法使用",
  "user.mailOrPhone": "請填寫郵箱或電話其中之一",
  "user.roleOtherTenant": "角色 {{name}} 屬於其他租戶，與該使用者所在機構不符",
  "user.roleNotGrantable": "您不能分配角色 {{name}}：它包含您無權授予的權限（{{permissions}}）",
  "user.outranks": "您不能管理 {{username}}：其角色 {{role}} 包含您無權授予的權限",
  "user.selfDisable": "不能停用自己的帳號",
  "user.selfDelete": "不能刪除自己的帳號",
  "user.lastAdmin": "{{username}} 是最後一個啟用的平台管理員，至少須保留一個",
  "user.passwordByReset": "使用者密碼須透過「重設密碼」修改，不能在編輯中修改",
  "user.dataOfficeOutside": "機構 {{id}} 不在該使用者所在機構或其下級",
  "user.rangeTooWide": "該資料範圍超出了您自己的資料範圍",
  "user.ownPassword": "請在個人中心修改您自己的密碼",
  "user.passwordNotExpired": "該密碼尚未過期，請直接用它登入",
  "user.smsNotConfigured": "未設定簡訊服務：驗證碼只能透過郵件傳送",
  "user.inUse": "無法刪除 {{username}}：仍有其他記錄引用該帳號，請改為停用",
} satisfies Record<keyof typeof en, string>;
