/** Types of contract-wires.mjs (imported by vite.config.ts and its test). */
import type { Plugin } from 'vite';

export const CONTRACTS_DIR: string;
export function domainFile(id: string): string | null;
export function wireModule(source: string, index: Record<string, unknown>, wireFields: readonly string[]): string;
export function contractWires(): Plugin;
