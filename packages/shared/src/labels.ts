/**
 * The keys of a label map, in its order, as z.enum takes them: a set of states or fields is
 * written once, as its labels (zod-free, so the portal may import a module that uses it).
 */
export const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as [K, ...K[]];
