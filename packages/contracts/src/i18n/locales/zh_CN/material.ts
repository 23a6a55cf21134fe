import type en from "../en/material";

/** Server messages of materials and uploads, in Simplified Chinese (mainland usage). */
export default {
  "material.chunkIndex": "分片 {{index}} 不存在：此文件共有 {{count}} 个分片",
  "material.chunkCorrupt": "分片 {{index}} 传输损坏（长度或 MD5 不符），将重新发送",
  "material.fileCorrupt": "合并后的文件与其 MD5 不符，请重新上传",
  "material.typeRefused": "无论文件名如何，此文件都不是图片、视频、音频或 PDF 文档",
  "material.tooLarge": "文件超过上传限制 {{limit}} MB",
  "material.quota": "文件超出存储配额（剩余 {{free}}）",
  "material.uploadUnknown": "此上传不存在或已结束，请重新开始",
  "material.uploadLost": "此上传的文件已不在服务器上，请重新上传",
  "material.uploadFinishing": "此上传正在完成，不能再放弃",
  "material.inUse": "素材 {{name}} 正被 {{count}} 个节目或计划使用",
  "material.folderNotEmpty": "文件夹 {{name}} 不为空",
  "material.folderMissing": "文件夹 {{id}} 不存在",
  "material.notFile": "素材 {{id}} 是地址，不是文件",
  "material.thumbInvalid": "缩略图必须是 PNG、JPEG、GIF 或 WebP 图片",
  "material.reviewNotice": "素材 {{name}}：{{result}}",
  "material.reviewNoticeNote": "素材 {{name}}：{{result}}（{{note}}）",
} satisfies Record<keyof typeof en, string>;
