import type en from "../en/terminal";

/** Server messages of terminals and the terminal gateway, in Russian. */
export default {
  "terminal.enrolCodeUnknown":
    "Нет терминала, ожидающего авторизации с кодом {{code}}; проверьте код, показанный на экране",
  "terminal.groupMissing": "Группа {{id}} не существует или вне вашей области данных",
  "terminal.groupNotInOffice": "Группа {{id}} не относится к организации {{officeId}}",
  "terminal.groupOtherOffice":
    "Терминал {{name}} находится не в организации группы {{group}}; сначала переместите его туда",
  "terminal.groupOfficeFixed":
    "Группа {{name}} относится к другой организации; группу нельзя переносить между организациями",
  "terminal.groupCycle": "Группу нельзя поместить внутрь неё самой или её подгруппы",
  "terminal.groupNameTaken": "Группа с именем {{name}} здесь уже есть",
  "terminal.groupNotEmpty":
    "В группе {{name}} ещё есть терминалов: {{terminals}}, подгрупп: {{groups}}; сначала освободите её",
  "terminal.notAuthorised":
    "Терминал {{name}} ещё не авторизован; сначала авторизуйте его по коду на его экране",
  "terminal.programMissing": "Эти программы не существуют или вне вашей области данных: {{ids}}",
  "terminal.programNotPlayable":
    "Программу {{name}} пока нельзя воспроизводить ({{state}}); сначала отправьте её и добейтесь утверждения",
  "gateway.tokenInvalid": "Токен этого терминала неизвестен или был заменён; зарегистрируйте терминал заново",
  "gateway.notAuthorised": "Этот терминал не авторизован (состояние: {{state}})",
  "gateway.noPlatform": "В системе ещё нет учреждения платформы; сначала создайте первого администратора",
  "gateway.screenshotInvalid":
    "Снимок экрана должен быть изображением PNG, JPEG или WebP размером не более 5 МБ",
  "gateway.upgradeRequired": "Этот адрес принимает только WebSocket-подключения терминалов",
} satisfies Record<keyof typeof en, string>;
