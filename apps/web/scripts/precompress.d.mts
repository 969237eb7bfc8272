/** Types of precompress.mjs (imported by vite.config.ts). */
export function precompress(dir: string): { files: number; raw: number; br: number; gzip: number };
