import { type ClaimType, diseaseOf, FEMALE_DISEASES, MAJOR_DISEASES } from '@hall/shared/benefits/index.ts';
import { chapterOf, DIAGNOSIS_ROWS } from './diagnosis-catalogue';

/** The scheme's disease lists a search may keep to: a claim of these types picks a listed disease. */
export type DiseaseListType = Extract<ClaimType, 'major_disease' | 'female_disease'>;
const LISTS: Record<DiseaseListType, ReadonlyArray<{ code: string; name: string }>> = {
  major_disease: MAJOR_DISEASES,
  female_disease: FEMALE_DISEASES,
};

export interface Diagnosis {
  code: string;
  name: string;
  /** The ICD-10 chapter, short (肿瘤, 呼吸系统疾病). */
  chapter: string;
  aliases: string[];
  /** With a list: the list's entry the code falls under (C34 → 恶性肿瘤). */
  listEntry: string | null;
}

interface Entry {
  code: string;
  /** The code without its dot, for prefix matching (C349 finds C34.9's category C34). */
  bare: string;
  name: string;
  chapter: string;
  aliases: string[];
}

const ENTRIES: readonly Entry[] = DIAGNOSIS_ROWS.map(([code, name, aliases]) => ({
  code,
  bare: code.replace('.', ''),
  name,
  chapter: chapterOf(code) ?? '',
  aliases: aliases.split(' ').filter((a) => a && a !== name),
}));

const CODE_LIKE = /^[A-Z]\d{0,2}(\.?[0-9A-Z]*)$/;

/**
 * How well one word matches an entry (0: not at all): its code by prefix, its name and its aliases
 * exactly, by their start, or anywhere in them (an earlier alias before a later one). A code typed longer than the entry's (C34.9, C50.901)
 * still finds the category.
 */
function score(entry: Entry, word: string): number {
  const upper = word.toUpperCase();
  if (CODE_LIKE.test(upper)) {
    const bare = upper.replace('.', '');
    if (entry.bare === bare) return 100;
    if (entry.bare.startsWith(bare)) return 90 - (entry.bare.length - bare.length);
    if (bare.startsWith(entry.bare)) return 80;
  }
  if (entry.name === word) return 75;
  // Aliases come most common first: 冠心病 is I25's first word and I20's last.
  const exact = entry.aliases.findIndex((a) => a.toUpperCase() === upper);
  if (exact >= 0) return 70 - Math.min(exact, 5);
  if (entry.name.startsWith(word)) return 60;
  const start = entry.aliases.findIndex((a) => a.toUpperCase().startsWith(upper));
  if (start >= 0) return 55 - Math.min(start, 5);
  if (entry.name.includes(word)) return 40;
  if (entry.aliases.some((a) => a.toUpperCase().includes(upper))) return 35;
  return 0;
}

/**
 * The catalogue's diagnoses for what was typed (words separated by spaces, each must match), best
 * first, then by code; with `list`, only the diagnoses on that scheme list (the code under one of
 * its prefixes), each with the entry it falls under. Nothing typed: nothing, or with a list the
 * list's diagnoses by code (the picker opened before typing).
 */
export function searchDiagnoses(keyword: string, list?: DiseaseListType, limit = 20): Diagnosis[] {
  const words = keyword.trim().split(/\s+/).filter(Boolean);
  const listed = list ? LISTS[list] : null;
  if (words.length === 0 && !listed) return [];
  const found: Array<{ entry: Entry; score: number; listEntry: string | null }> = [];
  for (const entry of ENTRIES) {
    const listEntry = listed ? (diseaseOf(listed, entry.code)?.name ?? null) : null;
    if (listed && listEntry === null) continue;
    let total = 0;
    for (const word of words) {
      const s = score(entry, word);
      if (s === 0) {
        total = -1;
        break;
      }
      total += s;
    }
    if (total >= 0) found.push({ entry, score: total, listEntry });
  }
  found.sort((a, b) => b.score - a.score || a.entry.code.localeCompare(b.entry.code));
  return found.slice(0, limit).map(({ entry, listEntry }) => ({
    code: entry.code,
    name: entry.name,
    chapter: entry.chapter,
    aliases: entry.aliases,
    listEntry,
  }));
}
