import type en from "../en/material";

/** Server messages of materials and uploads, in Russian. */
export default {
  "material.chunkIndex": "Фрагмента {{index}} нет: в этом файле фрагментов — {{count}}",
  "material.chunkCorrupt":
    "Фрагмент {{index}} пришёл повреждённым (неверная длина или MD5); он будет отправлен снова",
  "material.fileCorrupt": "Собранный файл не совпадает со своим MD5; загрузите его снова",
  "material.typeRefused": "Этот файл не является изображением, видео, аудио или PDF, как бы он ни назывался",
  "material.tooLarge": "Файл больше ограничения на загрузку — {{limit}} МБ",
  "material.quota": "Файл не помещается в квоту хранилища (свободно: {{free}})",
  "material.uploadUnknown": "Эта загрузка не существует или уже завершена; начните заново",
  "material.uploadLost": "Файла этой загрузки больше нет на сервере; загрузите его снова",
  "material.uploadFinishing": "Эта загрузка уже завершается, отказаться от неё нельзя",
  "material.inUse": "Материал {{name}} используется в программах и планах: {{count}}",
  "material.folderNotEmpty": "Папка {{name}} не пуста",
  "material.folderMissing": "Папки {{id}} не существует",
  "material.notFile": "Материал {{id}} — это адрес, а не файл",
  "material.thumbInvalid": "Миниатюра должна быть изображением PNG, JPEG, GIF или WebP",
  "material.reviewNotice": "Материал {{name}}: {{result}}",
  "material.reviewNoticeNote": "Материал {{name}}: {{result}} ({{note}})",
} satisfies Record<keyof typeof en, string>;
