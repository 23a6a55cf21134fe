/** Escapes LIKE wildcards in user text, so a search for "50%" finds "50%" and not everything. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
