import type { ReasonCode } from "@marquee/terminal-protocol";
import { prefixed } from "../../locales";
import type en from "../en/terminal";

/**
 * Why a command or a delivery failed, and what a screen reported (the codes of
 * REASON_CODES in the terminal protocol): the server writes them in alarm
 * exports and notices, and the console shows them under terminal.reason.
 */
export const reason = {
  pending: "Экран ещё не авторизован",
  disabled: "Экран отключён",
  offline: "Экран не подключён",
  undelivered: "Ни один процесс сервера не держал соединение экрана",
  stopped: "Сервер остановился до ответа экрана",
  orphaned: "Нет ответа: процесс сервера, отправивший команду, остановился",
  noReason: "Экран сообщил о сбое без причины",
  timeout: "Нет ответа в течение {{seconds}} с",
  unsupported: "Экран не знает команду {{command}}",
  argsInvalid: "Аргументы {{command}} недопустимы",
  argWholeRange: "{{name}} должно быть целым числом от {{min}} до {{max}}",
  argBoolean: "{{name}} должно быть true или false",
  argSettings: "{{name}}: недопустимые настройки устройства",
  argProgramId: "{{name}} должно быть id программы",
  argMessageId: "{{name}} должно быть id сообщения",
  argPackageId: "{{name}} должно быть id пакета",
  argDateTime: "{{name}} должно быть датой и временем ISO",
  argHashes: "{{name}} должно быть списком хешей файлов (32 шестнадцатеричные цифры)",
  argText: "{{name}} должно быть текстом от {{min}} до {{max}} символов",
  argPath: "{{name}} должно быть путём",
  argHex: "{{name}} должно состоять из {{digits}} шестнадцатеричных цифр",
  argBytes: "{{name}} должно быть целым числом байт не более 1 ГБ",
  argInstant: "{{name}} должно быть моментом времени в миллисекундах",
  notRegistered: "Экран не зарегистрирован",
  notAuthorised: "Экран не авторизован",
  manifestLate: "Экран не успел получить манифест",
  manifestRefused: "Сервер отклонил токен экрана при получении манифеста",
  manifestFailed: "Не удалось получить манифест: {{error}}",
  manifestDownloading: "Манифест {{version}}: файлы загружаются",
  programNotInManifest: "Программы {{id}} нет в манифесте этого экрана",
  programCannotPlay: "Программу {{name}} (#{{id}}) невозможно воспроизвести",
  programInvalid: "Программа {{name}} (#{{id}}): {{error}}",
  programDownloading: "Программа {{name}} (#{{id}}): файлов ещё не загружено: {{files}}",
  programNotShown: "Программа {{id}} ещё не на экране",
  programNotReady: "Программа {{id}} не готова вовремя: {{error}}",
  untilPast: "Время окончания (until) уже прошло",
  startPassed: "Время начала прошло ({{seconds}} с назад)",
  emergency: "Экран закрыт экстренным сообщением ({{name}})",
  messageNotInManifest: "Сообщения {{id}} нет в манифесте этого экрана",
  messageNotShown: "Сообщение {{id}} ещё не показано",
  messageDownloading: "Сообщение {{id}}: манифест ещё загружается",
  messageStartsAt: "Сообщение {{id}} начнётся в {{at}}",
  messageEnded: "Сообщение {{id}} закончилось",
  messageDisplaced: "Сообщение {{id}} не показано: его место занято другим сообщением",
  busyNotCleared: "Экран был занят загрузкой: кэш не очищен вовремя",
  notCleared: "Кэш не очищен",
  busyNotDeleted: "Экран был занят загрузкой: ни один файл не удалён вовремя",
  nothingShownYet: "На экране пока ничего не показано",
  nothingShown: "На экране ничего не показано",
  noCanvas: "У экрана нет 2D-холста для снимка",
  screenshotTooLarge: "Снимок экрана не помещается в 5 МБ",
  screenshotRefused: "Загрузка снимка экрана отклонена: {{error}}",
  noGeolocation: "Это устройство не разрешает геолокацию",
  geolocationDenied: "Это устройство не разрешает геолокацию (доступ запрещён)",
  positionUnavailable: "Местоположение недоступно",
  positionUnavailableWhy: "Местоположение недоступно: {{error}}",
  positionTimeout: "Нет местоположения в течение {{seconds}} с",
  packageLate: "Загрузка пакета не завершилась вовремя",
  packageHttp: "Не удалось загрузить пакет: HTTP {{status}}",
  packageFailed: "Не удалось загрузить пакет: {{error}}",
  packageAddress: "Адрес пакета должен быть путём внутри {{prefix}}: {{url}}",
  packageMemory: "Недостаточно памяти для проверки пакета размером {{size}} байт",
  packageTooLarge: "Несовпадение размера: пакет больше {{size}} байт",
  packageShort: "Несовпадение размера: получено {{done}} из {{size}} байт",
  packageChecksum: "Несовпадение контрольной суммы: ожидался SHA-256 {{expected}}, получен {{got}}",
  downloadWindow: "Ожидание окна загрузки ({{start}}–{{end}})",
  downloadWindowClosed: "Ожидание окна загрузки",
  fileHttp: "Файл {{file}}: HTTP {{status}}",
  fileShort: "Файл {{file}}: получено {{done}} из {{size}} байт",
  fileFailed: "Файл {{file}}: {{error}}",
  fileNoStorage: "Файл {{file}}: недостаточно места (нужно {{size}} байт)",
  fileStalled: "Файл {{file}}: нет данных в течение {{seconds}} с",
  programMissing: "Программы #{{id}} нет в манифесте",
  programSkipped: "Программа {{name}} (#{{id}}) пропущена: {{error}}",
  programMissingSkipped: "Программы #{{id}} нет в манифесте: пропущена",
  widgetError: "Программа {{name}} (#{{id}}), сцена {{scene}}, виджет {{widget}}: {{error}}",
} satisfies Record<ReasonCode, string>;

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
  // Screen truth (issue 24): a screenshot against what the schedule expected.
  "terminal.truth.notSaid": "Этот экран не сообщил, что показывал (старый плеер): снимок нельзя проверить",
  "terminal.truth.olderManifest":
    "Снимок сделан при прежней версии содержимого экрана: сделайте новый снимок, чтобы проверить его",
  "terminal.truth.otherProgram": "Ожидалось {{expected}}, показывается {{shown}}",
  "terminal.truth.nothingShown": "Ожидалось {{expected}}, ничего не показывается",
  "terminal.truth.nothingExpected": "В это время ничего не ожидалось, показывается {{shown}}",
  "terminal.truth.shouldBeOff": "В это время экран должен быть выключен по таймеру, но он включён",
  "terminal.truth.shouldBeOn": "Экран выключен, но в это время должен показывать {{expected}}",
  ...prefixed("terminal.reason", reason),
} satisfies Record<keyof typeof en, string>;
