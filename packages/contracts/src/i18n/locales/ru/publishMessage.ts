import type en from "../en/publishMessage";

/** Server messages of published messages, in Russian. */
export default {
  "pubMessage.versionConflict":
    "Сообщение {{name}} сохранил кто-то другой после того, как вы его открыли (теперь версия {{version}})",
  "pubMessage.stateInvalid": "Сообщение {{name}} не допускает этого действия в своём статусе ({{state}})",
  "pubMessage.published":
    "Сообщение {{name}} опубликовано как {{publications}}; отзовите его, прежде чем удалять",
  "pubMessage.reviewNotice": "Сообщение {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Сообщение {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Сообщение {{name}} ждёт вашей проверки (отправил {{user}})",
} satisfies Record<keyof typeof en, string>;
