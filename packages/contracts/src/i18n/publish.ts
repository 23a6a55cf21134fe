/**
 * Server messages of publishing and delivery (issue 7), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "publish.noTargets": "choose at least one terminal, office or group",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = { "publish.noTargets": "请至少选择一个终端、机构或分组" };
const zh_TW: Catalogue = { "publish.noTargets": "請至少選擇一個終端、機構或分組" };
const it: Catalogue = { "publish.noTargets": "scegli almeno un terminale, un'istituzione o un gruppo" };
const ru: Catalogue = { "publish.noTargets": "выберите хотя бы один терминал, организацию или группу" };
const fr: Catalogue = {
  "publish.noTargets": "choisissez au moins un terminal, une institution ou un groupe",
};

export const publishMessages = { zh_CN, zh_TW, en, it, ru, fr };
