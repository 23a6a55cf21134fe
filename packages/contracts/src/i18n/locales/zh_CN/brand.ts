import type en from "../en/brand";

/** Server messages of white-label and second-level domains, in Simplified Chinese (mainland usage). */
export default {
  "brand.notPersonalised":
    "{{name}} 尚未开通个性化：其用户看到的是上级的品牌。请由平台在“开通个性化”中开通。",
  "brand.notTenant": "{{name}} 不是代理商或客户",
  "brand.imageInvalid": "必须是 PNG、JPEG、GIF 或 WebP 图片（网站图标也可以是 ICO 文件）",
  "brand.imageTooLarge": "不能超过 {{max}} KB",
  "brand.imageTooLargeAny": "超过了品牌图片允许的最大尺寸",
  "brand.imageRef": "必须是在本页面上传的图片",
  "brand.colorFormat": "必须是 #1677ff 这样的颜色",
  "brand.domainFormat": "必须是一个 DNS 标签：1 到 63 个字母、数字或连字符，且不能以连字符开头或结尾",
  "brand.domainReserved": "为系统保留",
  "brand.domainRequired": "请输入域名前缀",
  "brand.domainTaken": "{{domain}} 已是 {{name}} 的域名",
  "brand.domainTakenOther": "{{domain}} 已被其他租户使用",
  "brand.filingTextRequired": "请填写链接显示的备案号",
} satisfies Record<keyof typeof en, string>;
