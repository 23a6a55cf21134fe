/** Server messages of terminal debugging and synchronized broadcast (issue 9), in the six languages; merged into messages.<locale>.ts. */
const en = {
  "debug.argsTooLarge": "takes at most 8 KB of JSON",
  "debug.upgradeRequired": "This address is a WebSocket: open it with a WebSocket client",
  "debug.crossSite": "The debugging socket must be opened from the console's own address",
  "sync.notPlayable": "Program {{name}} cannot play in its state ({{state}})",
  "sync.otherTenant": "Terminal {{name}} belongs to another customer than program {{program}}",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "debug.argsTooLarge": "JSON 最多 8 KB",
  "debug.upgradeRequired": "此地址是 WebSocket，请使用 WebSocket 客户端打开",
  "debug.crossSite": "调试连接必须从控制台自己的地址打开",
  "sync.notPlayable": "节目 {{name}} 当前状态（{{state}}）不能播放",
  "sync.otherTenant": "终端 {{name}} 与节目 {{program}} 不属于同一客户",
};
const zh_TW: Catalogue = {
  "debug.argsTooLarge": "JSON 最多 8 KB",
  "debug.upgradeRequired": "此位址是 WebSocket，請使用 WebSocket 用戶端開啟",
  "debug.crossSite": "除錯連線必須從主控台自己的位址開啟",
  "sync.notPlayable": "節目 {{name}} 目前狀態（{{state}}）不能播放",
  "sync.otherTenant": "終端 {{name}} 與節目 {{program}} 不屬於同一客戶",
};
const it: Catalogue = {
  "debug.argsTooLarge": "accetta al massimo 8 KB di JSON",
  "debug.upgradeRequired": "Questo indirizzo è un WebSocket: aprilo con un client WebSocket",
  "debug.crossSite": "Il socket di debug va aperto dall'indirizzo della console stessa",
  "sync.notPlayable": "Il programma {{name}} non può essere riprodotto nel suo stato ({{state}})",
  "sync.otherTenant":
    "Il terminale {{name}} appartiene a un cliente diverso da quello del programma {{program}}",
};
const ru: Catalogue = {
  "debug.argsTooLarge": "допускается не более 8 КБ JSON",
  "debug.upgradeRequired": "Этот адрес — WebSocket: откройте его клиентом WebSocket",
  "debug.crossSite": "Отладочное соединение нужно открывать с адреса самой консоли",
  "sync.notPlayable": "Программу {{name}} нельзя воспроизвести в её состоянии ({{state}})",
  "sync.otherTenant": "Терминал {{name}} принадлежит другому клиенту, чем программа {{program}}",
};
const fr: Catalogue = {
  "debug.argsTooLarge": "accepte au plus 8 Ko de JSON",
  "debug.upgradeRequired": "Cette adresse est un WebSocket : ouvrez-la avec un client WebSocket",
  "debug.crossSite": "Le socket de débogage doit être ouvert depuis l'adresse de la console",
  "sync.notPlayable": "Le programme {{name}} ne peut pas être diffusé dans son état ({{state}})",
  "sync.otherTenant": "Le terminal {{name}} appartient à un autre client que le programme {{program}}",
};

export const debugMessages = { en, zh_CN, zh_TW, it, ru, fr };
