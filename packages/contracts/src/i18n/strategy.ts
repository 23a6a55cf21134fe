/** Server messages of strategy (issue 9), in the six languages; merged into messages.<locale>.ts. */
const en = {
  "strategy.nameTaken": "A strategy named {{name}} already exists in this tenant",
  "strategy.volumeOverlap": "overlaps an earlier volume rule (one rule at a time)",
  "strategy.officeOtherTenant": "A strategy stays in its tenant: {{name}} belongs to another one",
  "strategy.terminalPending": "Terminal {{name}} is waiting for authorisation; authorise it first",
  "strategy.notRelated": "Terminal {{name}} does not follow this strategy",
  "strategy.noTerminals": "No terminal in your range follows this strategy",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "strategy.nameTaken": "本租户已存在名为 {{name}} 的策略",
  "strategy.volumeOverlap": "与前面的音量规则时间重叠（同一时刻只能有一条规则）",
  "strategy.officeOtherTenant": "策略不能移出所属租户：{{name}} 属于其他租户",
  "strategy.terminalPending": "终端 {{name}} 尚待授权，请先授权",
  "strategy.notRelated": "终端 {{name}} 未关联此策略",
  "strategy.noTerminals": "您的数据范围内没有终端关联此策略",
};
const zh_TW: Catalogue = {
  "strategy.nameTaken": "本租戶已存在名為 {{name}} 的策略",
  "strategy.volumeOverlap": "與前面的音量規則時間重疊（同一時刻只能有一條規則）",
  "strategy.officeOtherTenant": "策略不能移出所屬租戶：{{name}} 屬於其他租戶",
  "strategy.terminalPending": "終端 {{name}} 尚待授權，請先授權",
  "strategy.notRelated": "終端 {{name}} 未關聯此策略",
  "strategy.noTerminals": "您的資料範圍內沒有終端關聯此策略",
};
const it: Catalogue = {
  "strategy.nameTaken": "Esiste già una strategia chiamata {{name}} in questo tenant",
  "strategy.volumeOverlap": "si sovrappone a una regola di volume precedente (una regola alla volta)",
  "strategy.officeOtherTenant": "Una strategia resta nel suo tenant: {{name}} appartiene a un altro",
  "strategy.terminalPending": "Il terminale {{name}} è in attesa di autorizzazione; autorizzalo prima",
  "strategy.notRelated": "Il terminale {{name}} non segue questa strategia",
  "strategy.noTerminals": "Nessun terminale del tuo ambito segue questa strategia",
};
const ru: Catalogue = {
  "strategy.nameTaken": "Стратегия с именем {{name}} уже есть у этого арендатора",
  "strategy.volumeOverlap":
    "пересекается с предыдущим правилом громкости (одновременно действует одно правило)",
  "strategy.officeOtherTenant": "Стратегия остаётся у своего арендатора: {{name}} относится к другому",
  "strategy.terminalPending": "Терминал {{name}} ожидает авторизации; сначала авторизуйте его",
  "strategy.notRelated": "Терминал {{name}} не следует этой стратегии",
  "strategy.noTerminals": "Ни один терминал в вашей области данных не следует этой стратегии",
};
const fr: Catalogue = {
  "strategy.nameTaken": "Une stratégie nommée {{name}} existe déjà chez ce locataire",
  "strategy.volumeOverlap": "chevauche une règle de volume précédente (une seule règle à la fois)",
  "strategy.officeOtherTenant": "Une stratégie reste chez son locataire : {{name}} appartient à un autre",
  "strategy.terminalPending": "Le terminal {{name}} attend son autorisation ; autorisez-le d’abord",
  "strategy.notRelated": "Le terminal {{name}} ne suit pas cette stratégie",
  "strategy.noTerminals": "Aucun terminal de votre périmètre ne suit cette stratégie",
};

export const strategyMessages = { en, zh_CN, zh_TW, it, ru, fr };
