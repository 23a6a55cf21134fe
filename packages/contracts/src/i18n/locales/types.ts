import type en from "./en";

/**
 * The English catalogue's shape with any texts: a language has every domain of
 * English and, in each, exactly its keys (each domain file checks its keys
 * against its English file too).
 */
export type DomainCatalogues = { readonly [D in keyof typeof en]: Record<keyof (typeof en)[D], string> };
