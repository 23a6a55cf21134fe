import type en from "../en/log";

/** Server messages of the system log, in Russian. */
export default {
  "log.timeRange": "не может быть раньше времени начала",
  "log.export.sheet": "Системный журнал",
  "log.export.col.id": "№",
  "log.export.col.time": "Время ({{zone}})",
  "log.export.col.user": "Пользователь",
  "log.export.col.action": "Действие",
  "log.export.col.method": "Метод",
  "log.export.col.target": "Объект",
  "log.export.col.result": "Результат",
  "log.export.col.status": "HTTP-статус",
  "log.export.col.ip": "IP-адрес",
  "log.export.col.duration": "Длительность (мс)",
  "log.export.col.userAgent": "Браузер",
  "log.export.col.detail": "Подробности",
  "log.export.ok": "Успешно",
  "log.export.fail": "Ошибка",
  "log.export.pending": "Выполняется",
  "log.export.interrupted": "Прервано (сервер остановился во время операции)",
} satisfies Record<keyof typeof en, string>;
