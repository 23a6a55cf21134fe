/**
 * Server messages of system settings and the system log (issue 8), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "log.timeRange": "must not be earlier than the start time",
  "log.export.sheet": "System log",
  "log.export.col.id": "No.",
  "log.export.col.time": "Time ({zone})",
  "log.export.col.user": "User",
  "log.export.col.action": "Action",
  "log.export.col.method": "Method",
  "log.export.col.target": "Target",
  "log.export.col.result": "Result",
  "log.export.col.status": "HTTP status",
  "log.export.col.ip": "IP address",
  "log.export.col.duration": "Duration (ms)",
  "log.export.col.userAgent": "Client (user agent)",
  "log.export.col.detail": "Details",
  "log.export.ok": "Succeeded",
  "log.export.fail": "Failed",
  "mail.testSubject": "Marquee test mail",
  "mail.testBody":
    "This test mail was sent by {user} from the system settings of Marquee. Mail through this SMTP server works.",
  "mail.testSent": "A test mail was sent to {mail}",
  "mail.noRecipient": "Your account has no mail address; enter the address to send the test mail to",
  "mail.testFailed": "The SMTP server refused the test mail: {reason}",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "log.timeRange": "不能早于开始时间",
  "log.export.sheet": "系统日志",
  "log.export.col.id": "序号",
  "log.export.col.time": "时间（{zone}）",
  "log.export.col.user": "用户",
  "log.export.col.action": "操作",
  "log.export.col.method": "请求方式",
  "log.export.col.target": "对象",
  "log.export.col.result": "结果",
  "log.export.col.status": "HTTP 状态码",
  "log.export.col.ip": "IP 地址",
  "log.export.col.duration": "耗时（毫秒）",
  "log.export.col.userAgent": "浏览器",
  "log.export.col.detail": "详情",
  "log.export.ok": "成功",
  "log.export.fail": "失败",
  "mail.testSubject": "Marquee 测试邮件",
  "mail.testBody": "这封测试邮件由 {user} 从 Marquee 的系统设置发出。通过该 SMTP 服务器发送邮件正常。",
  "mail.testSent": "测试邮件已发送至 {mail}",
  "mail.noRecipient": "您的账号没有邮箱地址，请输入接收测试邮件的地址",
  "mail.testFailed": "SMTP 服务器拒绝了测试邮件：{reason}",
};

const zh_TW: Catalogue = {
  "log.timeRange": "不能早於開始時間",
  "log.export.sheet": "系統日誌",
  "log.export.col.id": "序號",
  "log.export.col.time": "時間（{zone}）",
  "log.export.col.user": "使用者",
  "log.export.col.action": "操作",
  "log.export.col.method": "請求方式",
  "log.export.col.target": "對象",
  "log.export.col.result": "結果",
  "log.export.col.status": "HTTP 狀態碼",
  "log.export.col.ip": "IP 位址",
  "log.export.col.duration": "耗時（毫秒）",
  "log.export.col.userAgent": "瀏覽器",
  "log.export.col.detail": "詳情",
  "log.export.ok": "成功",
  "log.export.fail": "失敗",
  "mail.testSubject": "Marquee 測試郵件",
  "mail.testBody": "這封測試郵件由 {user} 從 Marquee 的系統設定寄出。透過該 SMTP 伺服器寄送郵件正常。",
  "mail.testSent": "測試郵件已寄至 {mail}",
  "mail.noRecipient": "您的帳號沒有電子郵件地址，請輸入接收測試郵件的地址",
  "mail.testFailed": "SMTP 伺服器拒絕了測試郵件：{reason}",
};

const it: Catalogue = {
  "log.timeRange": "non può essere precedente all'ora di inizio",
  "log.export.sheet": "Registro di sistema",
  "log.export.col.id": "N.",
  "log.export.col.time": "Ora ({zone})",
  "log.export.col.user": "Utente",
  "log.export.col.action": "Azione",
  "log.export.col.method": "Metodo",
  "log.export.col.target": "Oggetto",
  "log.export.col.result": "Esito",
  "log.export.col.status": "Stato HTTP",
  "log.export.col.ip": "Indirizzo IP",
  "log.export.col.duration": "Durata (ms)",
  "log.export.col.userAgent": "Client (agente utente)",
  "log.export.col.detail": "Dettagli",
  "log.export.ok": "Riuscita",
  "log.export.fail": "Non riuscita",
  "mail.testSubject": "Mail di prova di Marquee",
  "mail.testBody":
    "Questa mail di prova è stata inviata da {user} dalle impostazioni di sistema di Marquee. La posta tramite questo server SMTP funziona.",
  "mail.testSent": "Una mail di prova è stata inviata a {mail}",
  "mail.noRecipient":
    "Il tuo account non ha un indirizzo email; inserisci l'indirizzo a cui inviare la prova",
  "mail.testFailed": "Il server SMTP ha rifiutato la mail di prova: {reason}",
};

const ru: Catalogue = {
  "log.timeRange": "не может быть раньше времени начала",
  "log.export.sheet": "Системный журнал",
  "log.export.col.id": "№",
  "log.export.col.time": "Время ({zone})",
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
  "mail.testSubject": "Тестовое письмо Marquee",
  "mail.testBody":
    "Это тестовое письмо отправил {user} из системных настроек Marquee. Отправка почты через этот SMTP-сервер работает.",
  "mail.testSent": "Тестовое письмо отправлено на {mail}",
  "mail.noRecipient": "У вашей учётной записи нет адреса почты; укажите адрес для тестового письма",
  "mail.testFailed": "SMTP-сервер отклонил тестовое письмо: {reason}",
};

const fr: Catalogue = {
  "log.timeRange": "ne peut pas précéder l'heure de début",
  "log.export.sheet": "Journal système",
  "log.export.col.id": "N°",
  "log.export.col.time": "Heure ({zone})",
  "log.export.col.user": "Utilisateur",
  "log.export.col.action": "Opération",
  "log.export.col.method": "Méthode",
  "log.export.col.target": "Cible",
  "log.export.col.result": "Résultat",
  "log.export.col.status": "Statut HTTP",
  "log.export.col.ip": "Adresse IP",
  "log.export.col.duration": "Durée (ms)",
  "log.export.col.userAgent": "Navigateur",
  "log.export.col.detail": "Détails",
  "log.export.ok": "Réussie",
  "log.export.fail": "Échouée",
  "mail.testSubject": "Courriel de test de Marquee",
  "mail.testBody":
    "Ce courriel de test a été envoyé par {user} depuis les paramètres système de Marquee. L'envoi par ce serveur SMTP fonctionne.",
  "mail.testSent": "Un courriel de test a été envoyé à {mail}",
  "mail.noRecipient":
    "Votre compte n'a pas d'adresse électronique ; saisissez l'adresse à laquelle envoyer le test",
  "mail.testFailed": "Le serveur SMTP a refusé le courriel de test : {reason}",
};

export const systemMessages = { zh_CN, zh_TW, en, it, ru, fr };
