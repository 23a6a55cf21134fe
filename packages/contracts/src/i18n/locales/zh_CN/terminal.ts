import type en from "../en/terminal";

/** Server messages of terminals and the terminal gateway, in Simplified Chinese (mainland usage). */
export default {
  "terminal.enrolCodeUnknown": "没有使用授权码 {{code}} 等待授权的终端，请核对屏幕上显示的授权码",
  "terminal.groupMissing": "分组 {{id}} 不存在或不在您的数据范围内",
  "terminal.groupNotInOffice": "分组 {{id}} 不属于机构 {{officeId}}",
  "terminal.groupOtherOffice": "终端 {{name}} 不在分组 {{group}} 所属的机构中，请先将其移到该机构",
  "terminal.groupOfficeFixed": "分组 {{name}} 属于其他机构，分组不能在机构之间移动",
  "terminal.groupCycle": "分组不能放在自身或其子分组之下",
  "terminal.groupNameTaken": "此位置已有名为 {{name}} 的分组",
  "terminal.groupNotEmpty": "分组 {{name}} 中仍有 {{terminals}} 台终端和 {{groups}} 个子分组，请先清空",
  "terminal.notAuthorised": "终端 {{name}} 尚未授权，请先使用其屏幕上显示的授权码进行授权",
  "terminal.programMissing": "以下节目不存在或不在您的数据范围内：{{ids}}",
  "terminal.programNotPlayable": "节目 {{name}} 暂不能播放（{{state}}），请先提交并通过审核",
  "gateway.tokenInvalid": "终端令牌无效或已被替换，请重新注册终端",
  "gateway.notAuthorised": "终端未获授权（状态：{{state}}）",
  "gateway.noPlatform": "系统尚无平台机构，请先创建第一个管理员",
  "gateway.screenshotInvalid": "截图必须是不超过 5 MB 的 PNG、JPEG 或 WebP 图片",
  "gateway.upgradeRequired": "此地址仅接受终端的 WebSocket 连接",
} satisfies Record<keyof typeof en, string>;
