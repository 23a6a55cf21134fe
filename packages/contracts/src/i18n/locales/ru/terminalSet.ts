import type en from "../en/terminalSet";

/** Server messages of terminal settings and commands, in Russian. */
export default {
  "terminalSet.emptyPatch": "Выберите хотя бы один параметр для изменения",
  "terminalSet.programNotPlayable":
    "Программу {{name}} сейчас нельзя воспроизвести ({{state}}); сначала её нужно утвердить",
  "terminalSet.messageNotPlayable":
    "Сообщение {{name}} сейчас нельзя показать ({{state}}); сначала его нужно утвердить",
  "terminalSet.messageEnded": "Показ сообщения {{name}} уже закончился",
  "terminalSet.messageNotOnTerminal": "Сообщение {{messageId}} не показывается на терминале {{name}}",
  "terminalSet.multipartRequired": "Отправьте пакет как multipart/form-data с файлом",
  "terminalSet.multipartInvalid": "Не удалось прочитать загрузку: {{reason}}",
  "terminalSet.fileRequired": "Выберите файл пакета",
  "terminalSet.fileEmpty": "Файл пакета пуст",
  "terminalSet.packageTooLarge": "Пакет больше лимита загрузки в {{limit}} МБ",
  "terminalSet.commandMissing": "Команда {{id}} не существует или вне вашей области данных",
  "terminalSet.contentOtherTenant": "{{name}} относится к другому арендатору, чем терминал {{terminal}}",
  "terminalSet.packageOtherTenant": "Терминал {{name}} относится к другому арендатору, чем пакет",
} satisfies Record<keyof typeof en, string>;
