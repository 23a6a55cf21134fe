/** Server messages of statistics, proof of play, behaviour statistics and home (issue 10), in the six languages; merged into messages.<locale>.ts. */
const en = {} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {};
const zh_TW: Catalogue = {};
const it: Catalogue = {};
const ru: Catalogue = {};
const fr: Catalogue = {};

export const statsMessages = { en, zh_CN, zh_TW, it, ru, fr };
