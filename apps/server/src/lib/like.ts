/** A LIKE/ILIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern that finds what starts with `text` (an index on the column can serve it). */
export const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
