/** Types of antd-static-styles.mjs (imported by vite.config.ts). */
import type { Plugin } from 'vite';

export const ANTD_STYLES_FILE: RegExp;
export function antdStaticStyles(): Plugin;
