/**
 * Server messages of play plans, messages and their review (issue 7), in the
 * six languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "schedule.dateInvalid": "must be a date like 2026-12-31",
  "schedule.timeInvalid": "must be a time from 00:00 to 24:00",
  "schedule.idInvalid": "must be 1 to 40 letters, digits, - or _",
  "schedule.idDuplicate": "two items have the same id",
  "schedule.weekdaysRequired": "needs at least one weekday",
  "schedule.weekdaysDuplicate": "names a weekday twice",
  "schedule.windowsRequired": "needs at least one time window",
  "schedule.endBeforeStart": "must not be before the start",
  "schedule.colorInvalid": "must be a colour like #1677ff, or transparent",
  "schedule.textRequired": "needs a text",
  "schedule.timezoneInvalid": "must be a time zone such as Europe/Rome or UTC",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "schedule.dateInvalid": "必须是形如 2026-12-31 的日期",
  "schedule.timeInvalid": "必须是 00:00 到 24:00 之间的时间",
  "schedule.idInvalid": "必须是 1 到 40 个字母、数字、- 或 _",
  "schedule.idDuplicate": "有两个条目的编号相同",
  "schedule.weekdaysRequired": "至少需要选择一天",
  "schedule.weekdaysDuplicate": "同一天出现了两次",
  "schedule.windowsRequired": "至少需要一个时间段",
  "schedule.endBeforeStart": "不能早于开始",
  "schedule.colorInvalid": "必须是形如 #1677ff 的颜色，或 transparent",
  "schedule.textRequired": "需要填写文字",
  "schedule.timezoneInvalid": "必须是时区，例如 Asia/Shanghai 或 UTC",
};

const zh_TW: Catalogue = {
  "schedule.dateInvalid": "必須是形如 2026-12-31 的日期",
  "schedule.timeInvalid": "必須是 00:00 到 24:00 之間的時間",
  "schedule.idInvalid": "必須是 1 到 40 個字母、數字、- 或 _",
  "schedule.idDuplicate": "有兩個項目的編號相同",
  "schedule.weekdaysRequired": "至少需要選擇一天",
  "schedule.weekdaysDuplicate": "同一天出現了兩次",
  "schedule.windowsRequired": "至少需要一個時段",
  "schedule.endBeforeStart": "不能早於開始",
  "schedule.colorInvalid": "必須是形如 #1677ff 的顏色，或 transparent",
  "schedule.textRequired": "需要填寫文字",
  "schedule.timezoneInvalid": "必須是時區，例如 Asia/Taipei 或 UTC",
};

const it: Catalogue = {
  "schedule.dateInvalid": "deve essere una data come 2026-12-31",
  "schedule.timeInvalid": "deve essere un orario da 00:00 a 24:00",
  "schedule.idInvalid": "deve avere da 1 a 40 lettere, cifre, - o _",
  "schedule.idDuplicate": "due voci hanno lo stesso id",
  "schedule.weekdaysRequired": "serve almeno un giorno della settimana",
  "schedule.weekdaysDuplicate": "indica un giorno due volte",
  "schedule.windowsRequired": "serve almeno una fascia oraria",
  "schedule.endBeforeStart": "non può precedere l'inizio",
  "schedule.colorInvalid": "deve essere un colore come #1677ff, o transparent",
  "schedule.textRequired": "serve un testo",
  "schedule.timezoneInvalid": "deve essere un fuso orario come Europe/Rome o UTC",
};

const ru: Catalogue = {
  "schedule.dateInvalid": "должна быть датой вида 2026-12-31",
  "schedule.timeInvalid": "должно быть временем от 00:00 до 24:00",
  "schedule.idInvalid": "должен состоять из 1–40 букв, цифр, - или _",
  "schedule.idDuplicate": "у двух элементов одинаковый id",
  "schedule.weekdaysRequired": "нужен хотя бы один день недели",
  "schedule.weekdaysDuplicate": "день недели указан дважды",
  "schedule.windowsRequired": "нужен хотя бы один интервал времени",
  "schedule.endBeforeStart": "не может быть раньше начала",
  "schedule.colorInvalid": "должен быть цветом вида #1677ff или transparent",
  "schedule.textRequired": "нужен текст",
  "schedule.timezoneInvalid": "должен быть часовым поясом, например Europe/Moscow или UTC",
};

const fr: Catalogue = {
  "schedule.dateInvalid": "doit être une date comme 2026-12-31",
  "schedule.timeInvalid": "doit être une heure de 00:00 à 24:00",
  "schedule.idInvalid": "doit compter 1 à 40 lettres, chiffres, - ou _",
  "schedule.idDuplicate": "deux éléments ont le même identifiant",
  "schedule.weekdaysRequired": "il faut au moins un jour de la semaine",
  "schedule.weekdaysDuplicate": "cite un jour deux fois",
  "schedule.windowsRequired": "il faut au moins une plage horaire",
  "schedule.endBeforeStart": "ne peut pas précéder le début",
  "schedule.colorInvalid": "doit être une couleur comme #1677ff, ou transparent",
  "schedule.textRequired": "il faut un texte",
  "schedule.timezoneInvalid": "doit être un fuseau horaire comme Europe/Paris ou UTC",
};

export const contentMessages = { zh_CN, zh_TW, en, it, ru, fr };
