import type en from "../en/pop";

/** Server messages of proof of play, in Russian. */
export default {
  "pop.rangeOrder": "не может быть раньше первого дня",
  "pop.rangeTooLong": "диапазон может охватывать не более 366 дней",
  "pop.export.sheetSummary": "Подтверждение показов",
  "pop.export.sheetDetail": "Показы",
  "pop.export.col.id": "№",
  "pop.export.col.program": "Программа",
  "pop.export.col.material": "Материал",
  "pop.export.col.terminal": "Терминал",
  "pop.export.col.office": "Организация",
  "pop.export.col.plays": "Показы",
  "pop.export.col.duration": "Длительность (с)",
  "pop.export.col.terminals": "Охвачено терминалов",
  "pop.export.col.firstDay": "Первый день",
  "pop.export.col.lastDay": "Последний день",
  "pop.export.col.time": "Время ({{zone}})",
  "pop.export.col.kind": "Вид",
  "pop.export.col.scene": "Сцена",
  "pop.export.col.widget": "Виджет",
  "pop.export.kind.scene": "Программа",
  "pop.export.kind.media": "Медиа",
  "pop.export.kind.click": "Нажатие",
  "pop.export.total": "Итого",
  "pop.export.cut":
    "Перечислены только первые {{max}} показов: по фильтру их больше. Сузьте его, чтобы выгрузить остальные.",
  "pop.export.range": "Дни с {{from}} по {{to}} ({{zone}})",
} satisfies Record<keyof typeof en, string>;
