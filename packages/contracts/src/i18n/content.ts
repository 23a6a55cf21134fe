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
  "plan.programMissing": "These programs do not exist or are outside your data range: {{ids}}",
  "plan.versionConflict":
    "Play plan {{name}} was saved by someone else after you opened it (now version {{version}})",
  "plan.stateInvalid": "Play plan {{name}} cannot do this in its state ({{state}})",
  "plan.published": "Play plan {{name}} is published as {{publications}}; withdraw it before deleting it",
  "plan.copyName": "{{name}} (copy)",
  "plan.reviewNotice": "Play plan {{name}}: {{result}}",
  "plan.reviewNoticeNote": "Play plan {{name}}: {{result}} ({{note}})",
  "plan.reviewRequested": "Play plan {{name}} awaits your review (submitted by {{user}})",
  "plan.programInUse":
    "Program {{name}} is used by the play plan(s) {{plans}}; take it out of them before deleting it",
  "pubMessage.versionConflict":
    "Message {{name}} was saved by someone else after you opened it (now version {{version}})",
  "pubMessage.stateInvalid": "Message {{name}} cannot do this in its state ({{state}})",
  "pubMessage.published": "Message {{name}} is published as {{publications}}; withdraw it before deleting it",
  "pubMessage.reviewNotice": "Message {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Message {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Message {{name}} awaits your review (submitted by {{user}})",
  "review.ownSubmission": "A reviewer cannot approve their own submission ({{name}})",
  "review.historyEdited": "Edited, back to draft",
  "review.programPublished":
    "Program {{name}} is published as {{publications}}; withdraw it before deleting it",
  "review.programReviewRequested": "Program {{name}} awaits your review (submitted by {{user}})",
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
  "plan.programMissing": "以下节目不存在或不在您的数据范围内：{{ids}}",
  "plan.versionConflict": "播放计划 {{name}} 在您打开后已被他人保存（当前版本 {{version}}）",
  "plan.stateInvalid": "播放计划 {{name}} 在当前状态（{{state}}）下不能执行此操作",
  "plan.published": "播放计划 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "plan.copyName": "{{name}}（副本）",
  "plan.reviewNotice": "播放计划 {{name}}：{{result}}",
  "plan.reviewNoticeNote": "播放计划 {{name}}：{{result}}（{{note}}）",
  "plan.reviewRequested": "播放计划 {{name}} 等待您审核（提交人：{{user}}）",
  "plan.programInUse": "节目 {{name}} 正被播放计划 {{plans}} 使用，请先从这些计划中移除再删除",
  "pubMessage.versionConflict": "消息 {{name}} 在您打开后已被他人保存（当前版本 {{version}}）",
  "pubMessage.stateInvalid": "消息 {{name}} 在当前状态（{{state}}）下不能执行此操作",
  "pubMessage.published": "消息 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "pubMessage.reviewNotice": "消息 {{name}}：{{result}}",
  "pubMessage.reviewNoticeNote": "消息 {{name}}：{{result}}（{{note}}）",
  "pubMessage.reviewRequested": "消息 {{name}} 等待您审核（提交人：{{user}}）",
  "review.ownSubmission": "审核人不能通过自己提交的内容（{{name}}）",
  "review.historyEdited": "已编辑，退回草稿",
  "review.programPublished": "节目 {{name}} 已发布（{{publications}}），请先撤回再删除",
  "review.programReviewRequested": "节目 {{name}} 等待您审核（提交人：{{user}}）",
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
  "plan.programMissing": "以下節目不存在或不在您的資料範圍內：{{ids}}",
  "plan.versionConflict": "播放計劃 {{name}} 在您開啟後已被他人儲存（目前版本 {{version}}）",
  "plan.stateInvalid": "播放計劃 {{name}} 在目前狀態（{{state}}）下不能執行此操作",
  "plan.published": "播放計劃 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "plan.copyName": "{{name}}（副本）",
  "plan.reviewNotice": "播放計劃 {{name}}：{{result}}",
  "plan.reviewNoticeNote": "播放計劃 {{name}}：{{result}}（{{note}}）",
  "plan.reviewRequested": "播放計劃 {{name}} 等待您審核（提交人：{{user}}）",
  "plan.programInUse": "節目 {{name}} 正被播放計劃 {{plans}} 使用，請先從這些計劃中移除再刪除",
  "pubMessage.versionConflict": "訊息 {{name}} 在您開啟後已被他人儲存（目前版本 {{version}}）",
  "pubMessage.stateInvalid": "訊息 {{name}} 在目前狀態（{{state}}）下不能執行此操作",
  "pubMessage.published": "訊息 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "pubMessage.reviewNotice": "訊息 {{name}}：{{result}}",
  "pubMessage.reviewNoticeNote": "訊息 {{name}}：{{result}}（{{note}}）",
  "pubMessage.reviewRequested": "訊息 {{name}} 等待您審核（提交人：{{user}}）",
  "review.ownSubmission": "審核人不能核准自己提交的內容（{{name}}）",
  "review.historyEdited": "已編輯，退回草稿",
  "review.programPublished": "節目 {{name}} 已發佈（{{publications}}），請先撤回再刪除",
  "review.programReviewRequested": "節目 {{name}} 等待您審核（提交人：{{user}}）",
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
  "plan.programMissing": "Questi programmi non esistono o sono fuori dal tuo ambito dati: {{ids}}",
  "plan.versionConflict":
    "Il piano di riproduzione {{name}} è stato salvato da qualcun altro dopo che l'hai aperto (ora versione {{version}})",
  "plan.stateInvalid":
    "Il piano di riproduzione {{name}} non consente questa operazione nel suo stato ({{state}})",
  "plan.published":
    "Il piano di riproduzione {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "plan.copyName": "{{name}} (copia)",
  "plan.reviewNotice": "Piano di riproduzione {{name}}: {{result}}",
  "plan.reviewNoticeNote": "Piano di riproduzione {{name}}: {{result}} ({{note}})",
  "plan.reviewRequested": "Il piano di riproduzione {{name}} attende la tua revisione (inviato da {{user}})",
  "plan.programInUse":
    "Il programma {{name}} è usato dai piani di riproduzione {{plans}}; toglilo da questi prima di eliminarlo",
  "pubMessage.versionConflict":
    "Il messaggio {{name}} è stato salvato da qualcun altro dopo che l'hai aperto (ora versione {{version}})",
  "pubMessage.stateInvalid": "Il messaggio {{name}} non consente questa operazione nel suo stato ({{state}})",
  "pubMessage.published":
    "Il messaggio {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "pubMessage.reviewNotice": "Messaggio {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Messaggio {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Il messaggio {{name}} attende la tua revisione (inviato da {{user}})",
  "review.ownSubmission": "Chi revisiona non può approvare un proprio invio ({{name}})",
  "review.historyEdited": "Modificato, tornato in bozza",
  "review.programPublished":
    "Il programma {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "review.programReviewRequested": "Il programma {{name}} attende la tua revisione (inviato da {{user}})",
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
  "pubMessage.versionConflict":
    "Сообщение {{name}} сохранил кто-то другой после того, как вы его открыли (теперь версия {{version}})",
  "pubMessage.stateInvalid": "Сообщение {{name}} не допускает этого действия в своём статусе ({{state}})",
  "pubMessage.published":
    "Сообщение {{name}} опубликовано как {{publications}}; отзовите его, прежде чем удалять",
  "pubMessage.reviewNotice": "Сообщение {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Сообщение {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Сообщение {{name}} ждёт вашей проверки (отправил {{user}})",
  "review.ownSubmission": "Проверяющий не может одобрить то, что отправил сам ({{name}})",
  "review.historyEdited": "Изменено, возвращено в черновик",
  "review.programPublished":
    "Программа {{name}} опубликована как {{publications}}; отзовите её, прежде чем удалять",
  "review.programReviewRequested": "Программа {{name}} ждёт вашей проверки (отправил {{user}})",
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
  "plan.programMissing": "Ces programmes n'existent pas ou sont hors de votre périmètre de données : {{ids}}",
  "plan.versionConflict":
    "Le plan de diffusion {{name}} a été enregistré par quelqu'un d'autre depuis que vous l'avez ouvert (désormais version {{version}})",
  "plan.stateInvalid":
    "Le plan de diffusion {{name}} ne permet pas cette opération dans son état ({{state}})",
  "plan.published":
    "Le plan de diffusion {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "plan.copyName": "{{name}} (copie)",
  "plan.reviewNotice": "Plan de diffusion {{name}} : {{result}}",
  "plan.reviewNoticeNote": "Plan de diffusion {{name}} : {{result}} ({{note}})",
  "plan.reviewRequested": "Le plan de diffusion {{name}} attend votre validation (soumis par {{user}})",
  "plan.programInUse":
    "Le programme {{name}} est utilisé par les plans de diffusion {{plans}} ; retirez-le de ces plans avant de le supprimer",
  "pubMessage.versionConflict":
    "Le message {{name}} a été enregistré par quelqu'un d'autre depuis que vous l'avez ouvert (désormais version {{version}})",
  "pubMessage.stateInvalid": "Le message {{name}} ne permet pas cette opération dans son état ({{state}})",
  "pubMessage.published":
    "Le message {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "pubMessage.reviewNotice": "Message {{name}} : {{result}}",
  "pubMessage.reviewNoticeNote": "Message {{name}} : {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Le message {{name}} attend votre validation (soumis par {{user}})",
  "review.ownSubmission": "Un validateur ne peut pas approuver sa propre soumission ({{name}})",
  "review.historyEdited": "Modifié, revenu à l'état de brouillon",
  "review.programPublished":
    "Le programme {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "review.programReviewRequested": "Le programme {{name}} attend votre validation (soumis par {{user}})",
};

export const contentMessages = { zh_CN, zh_TW, en, it, ru, fr };
