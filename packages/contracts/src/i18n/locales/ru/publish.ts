import type en from "../en/publish";

/** Server messages of publishing and delivery, in Russian. */
export default {
  "publish.noTargets": "выберите хотя бы один терминал, организацию или группу",
  "publish.noTerminals": "Выбор не включает ни одного авторизованного терминала в вашей области данных",
  "publish.stateInvalid": "{{name}} нельзя опубликовать в текущем состоянии ({{state}})",
  "publish.messageEnded": "Сообщение {{name}} уже закончилось; измените время окончания перед публикацией",
  "publish.nameTaken": "Публикация с именем {{name}} уже существует",
  "publish.otherTenant": "Терминал {{name}} принадлежит другому клиенту, чем контент",
  "publish.notActive": "Публикация {{name}} не активна ({{state}})",
  "publish.state.scheduled": "Запланирована",
  "publish.state.active": "Активна",
  "publish.state.withdrawn": "Отозвана",
} satisfies Record<keyof typeof en, string>;
