/** Server messages of terminalSet (issue 9), in the six languages; merged into messages.<locale>.ts. */
const en = {
  "terminalSet.emptyPatch": "Choose at least one setting to change",
  "terminalSet.programNotPlayable":
    "Program {{name}} cannot be played now ({{state}}); it must be approved first",
  "terminalSet.messageNotPlayable":
    "Message {{name}} cannot be shown now ({{state}}); it must be approved first",
  "terminalSet.messageEnded": "Message {{name}} has already ended",
  "terminalSet.messageNotOnTerminal": "Message {{messageId}} is not shown on terminal {{name}}",
  "terminalSet.multipartRequired": "Send the package as multipart/form-data with a file",
  "terminalSet.multipartInvalid": "The upload could not be read: {{reason}}",
  "terminalSet.fileRequired": "Choose the package file",
  "terminalSet.fileEmpty": "The package file is empty",
  "terminalSet.packageTooLarge": "The package is larger than the upload limit of {{limit}} MB",
  "terminalSet.commandMissing": "Command {{id}} does not exist or is outside your data range",
  "terminalSet.contentOtherTenant": "{{name}} belongs to another tenant than terminal {{terminal}}",
  "terminalSet.packageOtherTenant": "Terminal {{name}} belongs to another tenant than the package",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "terminalSet.emptyPatch": "请至少选择一项要修改的设置",
  "terminalSet.programNotPlayable": "节目 {{name}} 当前无法播放（{{state}}），需先审核通过",
  "terminalSet.messageNotPlayable": "消息 {{name}} 当前无法播放（{{state}}），需先审核通过",
  "terminalSet.messageEnded": "消息 {{name}} 已经结束",
  "terminalSet.messageNotOnTerminal": "终端 {{name}} 上没有播放消息 {{messageId}}",
  "terminalSet.multipartRequired": "请以 multipart/form-data 格式上传升级包文件",
  "terminalSet.multipartInvalid": "无法读取上传内容：{{reason}}",
  "terminalSet.fileRequired": "请选择升级包文件",
  "terminalSet.fileEmpty": "升级包文件为空",
  "terminalSet.packageTooLarge": "升级包超过了 {{limit}} MB 的上传限制",
  "terminalSet.commandMissing": "指令 {{id}} 不存在或不在您的数据范围内",
  "terminalSet.contentOtherTenant": "{{name}} 与终端 {{terminal}} 不属于同一租户",
  "terminalSet.packageOtherTenant": "终端 {{name}} 与升级包不属于同一租户",
};
const zh_TW: Catalogue = {
  "terminalSet.emptyPatch": "請至少選擇一項要修改的設定",
  "terminalSet.programNotPlayable": "節目 {{name}} 目前無法播放（{{state}}），需先審核通過",
  "terminalSet.messageNotPlayable": "訊息 {{name}} 目前無法播放（{{state}}），需先審核通過",
  "terminalSet.messageEnded": "訊息 {{name}} 已經結束",
  "terminalSet.messageNotOnTerminal": "終端 {{name}} 上沒有播放訊息 {{messageId}}",
  "terminalSet.multipartRequired": "請以 multipart/form-data 格式上傳升級包檔案",
  "terminalSet.multipartInvalid": "無法讀取上傳內容：{{reason}}",
  "terminalSet.fileRequired": "請選擇升級包檔案",
  "terminalSet.fileEmpty": "升級包檔案為空",
  "terminalSet.packageTooLarge": "升級包超過了 {{limit}} MB 的上傳限制",
  "terminalSet.commandMissing": "指令 {{id}} 不存在或不在您的資料範圍內",
  "terminalSet.contentOtherTenant": "{{name}} 與終端 {{terminal}} 不屬於同一租戶",
  "terminalSet.packageOtherTenant": "終端 {{name}} 與升級包不屬於同一租戶",
};
const it: Catalogue = {
  "terminalSet.emptyPatch": "Scegli almeno un'impostazione da modificare",
  "terminalSet.programNotPlayable":
    "Il programma {{name}} non può essere riprodotto ora ({{state}}); deve prima essere approvato",
  "terminalSet.messageNotPlayable":
    "Il messaggio {{name}} non può essere mostrato ora ({{state}}); deve prima essere approvato",
  "terminalSet.messageEnded": "Il messaggio {{name}} è già terminato",
  "terminalSet.messageNotOnTerminal": "Il messaggio {{messageId}} non è mostrato sul terminale {{name}}",
  "terminalSet.multipartRequired": "Invia il pacchetto come multipart/form-data con un file",
  "terminalSet.multipartInvalid": "Impossibile leggere il caricamento: {{reason}}",
  "terminalSet.fileRequired": "Scegli il file del pacchetto",
  "terminalSet.fileEmpty": "Il file del pacchetto è vuoto",
  "terminalSet.packageTooLarge": "Il pacchetto supera il limite di caricamento di {{limit}} MB",
  "terminalSet.commandMissing": "Il comando {{id}} non esiste o è fuori dal tuo ambito di dati",
  "terminalSet.contentOtherTenant":
    "{{name}} appartiene a un tenant diverso da quello del terminale {{terminal}}",
  "terminalSet.packageOtherTenant":
    "Il terminale {{name}} appartiene a un tenant diverso da quello del pacchetto",
};
const ru: Catalogue = {
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
};
const fr: Catalogue = {
  "terminalSet.emptyPatch": "Choisissez au moins un réglage à modifier",
  "terminalSet.programNotPlayable":
    "Le programme {{name}} ne peut pas être diffusé maintenant ({{state}}) ; il doit d’abord être approuvé",
  "terminalSet.messageNotPlayable":
    "Le message {{name}} ne peut pas être affiché maintenant ({{state}}) ; il doit d’abord être approuvé",
  "terminalSet.messageEnded": "Le message {{name}} est déjà terminé",
  "terminalSet.messageNotOnTerminal": "Le message {{messageId}} n’est pas affiché sur le terminal {{name}}",
  "terminalSet.multipartRequired": "Envoyez le paquet en multipart/form-data avec un fichier",
  "terminalSet.multipartInvalid": "Le téléversement n’a pas pu être lu : {{reason}}",
  "terminalSet.fileRequired": "Choisissez le fichier du paquet",
  "terminalSet.fileEmpty": "Le fichier du paquet est vide",
  "terminalSet.packageTooLarge": "Le paquet dépasse la limite de téléversement de {{limit}} Mo",
  "terminalSet.commandMissing": "La commande {{id}} n’existe pas ou est hors de votre périmètre de données",
  "terminalSet.contentOtherTenant": "{{name}} appartient à un autre locataire que le terminal {{terminal}}",
  "terminalSet.packageOtherTenant": "Le terminal {{name}} appartient à un autre locataire que le paquet",
};

export const terminalSetMessages = { en, zh_CN, zh_TW, it, ru, fr };
