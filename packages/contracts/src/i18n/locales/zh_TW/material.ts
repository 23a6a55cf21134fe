import type en from "../en/material";

/** Server messages of materials and uploads, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "material.chunkIndex": "分片 {{index}} 不存在：此檔案共有 {{count}} 個分片",
  "material.chunkCorrupt": "分片 {{index}} 傳輸損壞（長度或 MD5 不符），將重新傳送",
  "material.fileCorrupt": "合併後的檔案與其 MD5 不符，請重新上傳",
  "material.typeRefused": "無論檔名如何，此檔案都不是圖片、影片、音訊或 PDF 文件",
  "material.tooLarge": "檔案超過上傳限制 {{limit}} MB",
  "material.quota": "檔案超出儲存配額（剩餘 {{free}}）",
  "material.uploadUnknown": "此上傳不存在或已結束，請重新開始",
  "material.uploadLost": "此上傳的檔案已不在伺服器上，請重新上傳",
  "material.uploadFinishing": "此上傳正在完成，無法再放棄",
  "material.inUse": "素材 {{name}} 正被 {{count}} 個節目或計劃使用",
  "material.folderNotEmpty": "資料夾 {{name}} 不是空的",
  "material.folderMissing": "資料夾 {{id}} 不存在",
  "material.notFile": "素材 {{id}} 是位址，不是檔案",
  "material.thumbInvalid": "縮圖必須是 PNG、JPEG、GIF 或 WebP 圖片",
  "material.reviewNotice": "素材 {{name}}：{{result}}",
  "material.reviewNoticeNote": "素材 {{name}}：{{result}}（{{note}}）",
} satisfies Record<keyof typeof en, string>;
