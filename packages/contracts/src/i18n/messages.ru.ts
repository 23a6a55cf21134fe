import { accessMessages } from "./access";
import { alarmMessages } from "./alarm";
import { brandMessages } from "./brand";
import { contentMessages } from "./content";
import { debugMessages } from "./debug";
import { helpMessages } from "./help";
import { mapMessages } from "./map";
import type { MessageCatalogue } from "./messages.en";
import { orgMessages } from "./org";
import { payMessages } from "./pay";
import { publishMessages } from "./publish";
import { statsMessages } from "./stats";
import { strategyMessages } from "./strategy";
import { systemMessages } from "./system";
import { terminalSetMessages } from "./terminalSet";
import { userMessages } from "./users";

/** Server messages in Russian. */
export const ru: MessageCatalogue = {
  "common.ok": "Операция выполнена",
  "common.badRequest": "Недопустимый запрос",
  "common.notFound": "Не найдено: {{path}}",
  "common.recordNotFound": "{{entity}} {{id}} не существует",
  "common.payloadTooLarge": "Слишком большой запрос (не более {{limit}})",
  "common.unsupportedMediaType": "Недопустимый тип содержимого: {{type}}",
  "common.tooManyRequests": "Слишком много запросов; повторите попытку через {{seconds}} с",
  "common.internalError": "Внутренняя ошибка сервера (запрос {{requestId}}); сведения записаны в журнал",
  "common.unavailable": "Сервис запускается или база данных недоступна; повторите попытку позже",
  "common.storageFull":
    "Хранилище заполнено: на диске сервера осталось только {{free}}; удалите ненужные материалы или обратитесь к администратору",
  "system.diskLow":
    "На диске данных сервера заканчивается место: свободно {{free}} из {{total}}. Освободите место или увеличьте диск; когда он заполнится, загрузки и сохранения будут завершаться ошибкой.",
  "auth.noSession": "Сеанс истёк; войдите снова",
  "auth.forbidden": "Запрос отклонён: нет разрешения {{permission}}",
  "auth.platformOnly": "Запрос отклонён: {{permission}} доступно только пользователям платформы",
  "auth.csrf": "Запрос отклонён: он должен поступать из консоли этого сайта",
  "auth.outOfRange": "Запрос отклонён: {{entity}} {{id}} вне вашей области данных",
  "validation.failed": "{{field}}: {{message}}",
  "validation.required": "обязательное поле",
  "validation.type": "должно иметь тип {{expected}}",
  "validation.tooShort": "минимальная длина — {{min}} симв.",
  "validation.tooLong": "максимальная длина — {{max}} симв.",
  "validation.tooSmall": "должно быть не меньше {{min}}",
  "validation.tooBig": "должно быть не больше {{max}}",
  "validation.tooFewItems": "минимальное количество элементов — {{min}}",
  "validation.tooManyItems": "максимальное количество элементов — {{max}}",
  "validation.format": "неверный формат",
  "validation.email": "должно быть адресом электронной почты",
  "validation.enum": "должно быть одним из значений: {{options}}",
  "validation.unknownField": "неизвестное поле {{key}}",
  "validation.invalid": "недопустимое значение",
  "validation.body": "не удалось прочитать тело запроса: {{reason}}",
  "login.invalidCredentials": "Неверное имя пользователя или пароль",
  "login.captchaRequired": "Введите символы с картинки",
  "login.captchaWrong": "Символы с картинки введены неверно; попробуйте с новой картинкой",
  "login.locked": "Слишком много неудачных попыток входа; повторите через {{minutes}} мин.",
  "login.disabled": "Учётная запись отключена; обратитесь к администратору",
  "login.codeRequired": "Введите код подтверждения, отправленный на {{mail}}",
  "login.codeWrong": "Код подтверждения неверен или истёк",
  "login.decryptFailed": "Не удалось расшифровать пароль; обновите страницу и повторите попытку",
  "login.codeSent": "Код подтверждения отправлен на {{mail}}",
  "login.codeTooSoon": "Новый код можно запросить через {{seconds}} с",
  "login.noMail": "У учётной записи нет адреса электронной почты для кода подтверждения",
  "mail.notConfigured": "Почта не настроена; укажите SMTP-сервер в системных настройках",
  "mail.failed": "Не удалось отправить письмо: {{reason}}",
  "mail.codeSubject": "Ваш код входа в Marquee",
  "mail.codeBody": "Ваш код подтверждения: {{code}}. Он действителен {{minutes}} мин.",
  "sysInit.done": "Система уже инициализирована",
  "sysInit.notYet": "Система ещё не инициализирована",
  "user.oldPasswordWrong": "Текущий пароль неверен",
  "user.passwordWeak": "Пароль должен содержать от 8 до 64 символов, включая хотя бы одну букву и одну цифру",
  "user.passwordSame": "Новый пароль должен отличаться от текущего",
  "user.usernameTaken": "Имя пользователя {{username}} уже занято",
  "user.officeOutOfRange": "Организация {{id}} вне вашей области данных",
  "user.avatarInvalid": "Аватар должен быть изображением PNG, JPEG, GIF или WebP",
  "user.avatarTooLarge": "Размер аватара — не более {{max}} КБ",
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
  "setting.unknownKey": "Неизвестный параметр: {{key}}",
  "setting.platformOnly":
    "Запрос отклонён: читать и изменять параметр {{key}} могут только пользователи платформы",
  "audit.result.ok": "успешно",
  "audit.result.fail": "ошибка",
  "program.idInvalid": "должен содержать от 1 до 40 букв, цифр, - или _",
  "program.colorInvalid": "должен быть цветом вида #1677ff или transparent",
  "program.urlInvalid": "должен быть адресом http или https",
  "program.urlRequired": "нужен адрес",
  "program.currencyInvalid": "должен быть трёхбуквенным кодом валюты, например EUR",
  "program.sceneRequired": "нужна хотя бы одна сцена",
  "program.mainSceneRequired": "нужна хотя бы одна основная сцена",
  "program.idDuplicate": "этот идентификатор используется дважды",
  "program.targetInvalid": "целевая сцена кнопки отсутствует или не того вида",
  "program.dataSourceMissing": "источник данных, который он читает, не существует",
  "program.materialMissing": "Эти материалы не существуют или вне вашей области данных: {{ids}}",
  "program.materialNotApproved": "Материал {{name}} пока нельзя использовать (статус проверки: {{state}})",
  "program.materialWrongType": "Материал {{name}} — {{type}}, а здесь ожидается: {{expected}}",
  "program.versionConflict":
    "Программу {{name}} сохранил кто-то другой после того, как вы её открыли (теперь версия {{version}})",
  "program.published": "Программа {{name}} опубликована; снимите её с публикаций, прежде чем удалять",
  "program.stateInvalid": "Программа {{name}} не допускает этого действия в своём статусе ({{state}})",
  "program.importMissing":
    "Этих медиафайлов программы нет в вашей библиотеке: {{names}}; сначала загрузите их",
  "program.dataSourceFailed": "Не удалось прочитать источник данных: {{reason}}",
  "program.copyName": "{{name}} (копия)",
  "program.historyEdited": "Изменена, возвращена в черновик",
  "program.reviewNotice": "Программа {{name}}: {{result}}",
  "program.reviewNoticeNote": "Программа {{name}}: {{result}} ({{note}})",
  "material.reviewNotice": "Материал {{name}}: {{result}}",
  "material.reviewNoticeNote": "Материал {{name}}: {{result}} ({{note}})",
  "program.state.draft": "Черновик",
  "program.state.pending": "На проверке",
  "program.state.approved": "Одобрена",
  "program.state.rejected": "Отклонена",
  "program.state.published": "Опубликована",
  "program.kind.image": "изображение",
  "program.kind.video": "видео",
  "program.kind.audio": "аудиофайл",
  "program.kind.document": "PDF-документ",
  "program.kind.web": "веб-страница",
  "program.kind.stream": "прямая трансляция",
  "widget.iconInvalid":
    "Изображение для палитры должно быть изображением виджета, загруженным в вашей организации",
  "gateway.tokenInvalid": "Токен этого терминала неизвестен или был заменён; зарегистрируйте терминал заново",
  "gateway.notAuthorised": "Этот терминал не авторизован (состояние: {{state}})",
  "gateway.noPlatform": "В системе ещё нет учреждения платформы; сначала создайте первого администратора",
  "gateway.screenshotInvalid":
    "Снимок экрана должен быть изображением PNG, JPEG или WebP размером не более 5 МБ",
  "gateway.upgradeRequired": "Этот адрес принимает только WebSocket-подключения терминалов",
  ...contentMessages.ru,
  ...publishMessages.ru,
  ...orgMessages.ru,
  ...brandMessages.ru,
  ...userMessages.ru,
  ...accessMessages.ru,
  ...helpMessages.ru,
  ...terminalSetMessages.ru,
  ...strategyMessages.ru,
  ...alarmMessages.ru,
  ...mapMessages.ru,
  ...debugMessages.ru,
  ...statsMessages.ru,
  ...payMessages.ru,
  ...systemMessages.ru,
};
