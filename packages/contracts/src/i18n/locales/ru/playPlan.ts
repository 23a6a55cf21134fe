import type en from "../en/playPlan";

/** Server messages of play plans, in Russian. */
export default {
  "plan.programMissing": "Эти программы не существуют или вне вашей области данных: {{ids}}",
  "plan.versionConflict":
    "План воспроизведения {{name}} сохранил кто-то другой после того, как вы его открыли (теперь версия {{version}})",
  "plan.stateInvalid":
    "План воспроизведения {{name}} не допускает этого действия в своём статусе ({{state}})",
  "plan.published":
    "План воспроизведения {{name}} опубликован как {{publications}}; отзовите его, прежде чем удалять",
  "plan.copyName": "{{name}} (копия)",
  "plan.reviewNotice": "План воспроизведения {{name}}: {{result}}",
  "plan.reviewNoticeNote": "План воспроизведения {{name}}: {{result}} ({{note}})",
  "plan.reviewRequested": "План воспроизведения {{name}} ждёт вашей проверки (отправил {{user}})",
  "plan.programInUse":
    "Программа {{name}} используется в планах воспроизведения {{plans}}; уберите её оттуда, прежде чем удалять",
} satisfies Record<keyof typeof en, string>;
