/**
 * Server messages of publishing and delivery (issue 7), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "publish.noTargets": "choose at least one terminal, office or group",
  "publish.noTerminals": "The selection reaches no authorised terminal in your data range",
  "publish.stateInvalid": "{{name}} cannot be published in its state ({{state}})",
  "publish.messageEnded": "Message {{name}} has already ended; change its end time before publishing it",
  "publish.nameTaken": "A publication named {{name}} already exists",
  "publish.otherTenant": "Terminal {{name}} belongs to another customer than the content",
  "publish.notActive": "Publication {{name}} is not active ({{state}})",
  "publish.state.scheduled": "Scheduled",
  "publish.state.active": "Active",
  "publish.state.withdrawn": "Withdrawn",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "publish.noTargets": "请至少选择一个终端、机构或分组",
  "publish.noTerminals": "所选范围内没有您数据范围内的已授权终端",
  "publish.stateInvalid": "{{name}} 当前状态（{{state}}）不能发布",
  "publish.messageEnded": "消息 {{name}} 已经结束，请先修改结束时间再发布",
  "publish.nameTaken": "已存在名为 {{name}} 的发布",
  "publish.otherTenant": "终端 {{name}} 与内容不属于同一客户",
  "publish.notActive": "发布 {{name}} 未生效（{{state}}）",
  "publish.state.scheduled": "定时",
  "publish.state.active": "生效中",
  "publish.state.withdrawn": "已撤回",
};

const zh_TW: Catalogue = {
  "publish.noTargets": "請至少選擇一個終端、機構或分組",
  "publish.noTerminals": "所選範圍內沒有您資料範圍內的已授權終端",
  "publish.stateInvalid": "{{name}} 目前狀態（{{state}}）不能發佈",
  "publish.messageEnded": "訊息 {{name}} 已經結束，請先修改結束時間再發佈",
  "publish.nameTaken": "已存在名為 {{name}} 的發佈",
  "publish.otherTenant": "終端 {{name}} 與內容不屬於同一客戶",
  "publish.notActive": "發佈 {{name}} 未生效（{{state}}）",
  "publish.state.scheduled": "定時",
  "publish.state.active": "生效中",
  "publish.state.withdrawn": "已撤回",
};

const it: Catalogue = {
  "publish.noTargets": "scegli almeno un terminale, un'istituzione o un gruppo",
  "publish.noTerminals": "La selezione non raggiunge alcun terminale autorizzato nel tuo ambito di dati",
  "publish.stateInvalid": "{{name}} non può essere pubblicato nel suo stato ({{state}})",
  "publish.messageEnded":
    "Il messaggio {{name}} è già terminato; modificane l'ora di fine prima di pubblicarlo",
  "publish.nameTaken": "Esiste già una pubblicazione chiamata {{name}}",
  "publish.otherTenant": "Il terminale {{name}} appartiene a un cliente diverso da quello del contenuto",
  "publish.notActive": "La pubblicazione {{name}} non è attiva ({{state}})",
  "publish.state.scheduled": "Programmata",
  "publish.state.active": "Attiva",
  "publish.state.withdrawn": "Ritirata",
};

const ru: Catalogue = {
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
};

const fr: Catalogue = {
  "publish.noTargets": "choisissez au moins un terminal, une institution ou un groupe",
  "publish.noTerminals": "La sélection n'atteint aucun terminal autorisé dans votre périmètre de données",
  "publish.stateInvalid": "{{name}} ne peut pas être publié dans son état ({{state}})",
  "publish.messageEnded":
    "Le message {{name}} est déjà terminé ; modifiez son heure de fin avant de le publier",
  "publish.nameTaken": "Une publication nommée {{name}} existe déjà",
  "publish.otherTenant": "Le terminal {{name}} appartient à un autre client que le contenu",
  "publish.notActive": "La publication {{name}} n'est pas active ({{state}})",
  "publish.state.scheduled": "Programmée",
  "publish.state.active": "En vigueur",
  "publish.state.withdrawn": "Retirée",
};

export const publishMessages = { zh_CN, zh_TW, en, it, ru, fr };
