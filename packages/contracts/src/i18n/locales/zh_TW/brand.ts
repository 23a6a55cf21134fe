import type en from "../en/brand";

/** Server messages of white-label and second-level domains, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "brand.notPersonalised":
    "{{name}} 尚未開通個性化：其用戶看到的是上級的品牌。請由平台在「開通個性化」中開通。",
  "brand.notTenant": "{{name}} 不是代理商或客戶",
  "brand.imageInvalid": "必須是 PNG、JPEG、GIF 或 WebP 圖片（網站圖示也可以是 ICO 檔案）",
  "brand.imageTooLarge": "不能超過 {{max}} KB",
  "brand.imageTooLargeAny": "超過了品牌圖片允許的最大尺寸",
  "brand.imageRef": "必須是在本頁面上傳的圖片",
  "brand.colorFormat": "必須是 #1677ff 這樣的顏色",
  "brand.domainFormat": "必須是一個 DNS 標籤：1 到 63 個字母、數字或連字號，且不能以連字號開頭或結尾",
  "brand.domainReserved": "為系統保留",
  "brand.domainRequired": "請輸入網域前綴",
  "brand.domainTaken": "{{domain}} 已是 {{name}} 的網域",
  "brand.domainTakenOther": "{{domain}} 已被其他租戶使用",
  "brand.filingTextRequired": "請填寫連結顯示的備案號",
} satisfies Record<keyof typeof en, string>;
