/** Server messages of materials and uploads, in English: the source of this domain's keys, which every other language carries. */
export default {
  "material.chunkIndex": "Chunk {{index}} does not exist: this file has {{count}} chunks",
  "material.chunkCorrupt": "Chunk {{index}} arrived damaged (wrong length or MD5); it will be sent again",
  "material.fileCorrupt": "The assembled file does not match its MD5; upload it again",
  "material.typeRefused": "This file is not an image, video, audio or PDF document, whatever its name says",
  "material.tooLarge": "The file is larger than the upload limit of {{limit}} MB",
  "material.quota": "The file does not fit in the storage quota ({{free}} free)",
  "material.uploadUnknown": "This upload does not exist or has ended; start it again",
  "material.uploadLost": "This upload's file is no longer on the server; upload it again",
  "material.uploadFinishing": "This upload is being finished and can no longer be abandoned",
  "material.inUse": "Material {{name}} is used by {{count}} program(s) and plan(s)",
  "material.folderNotEmpty": "Folder {{name}} is not empty",
  "material.folderMissing": "Folder {{id}} does not exist",
  "material.notFile": "Material {{id}} is an address, not a file",
  "material.thumbInvalid": "A thumbnail must be a PNG, JPEG, GIF or WebP image",
  "material.reviewNotice": "Material {{name}}: {{result}}",
  "material.reviewNoticeNote": "Material {{name}}: {{result}} ({{note}})",
};
