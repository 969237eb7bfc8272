/** Types of first-screen-chunks.mjs (imported by vite.config.ts). */
import type { Plugin } from 'vite';

export declare const MERGED_FILE: string;
export declare const FIRST_SCREENS_META: string;
export declare function firstScreenChunks(dir: string): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
};
