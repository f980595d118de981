import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vocabularyKeys } from './specVocabulary';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The keys docs/spec.md's reference tables list: the backquoted names of the first cell of each
 * row of a table headed `| key |` (a row may name several keys: "`success`, `failure`").
 */
function documentedKeys(markdown: string): Set<string> {
  const keys = new Set<string>();
  let inKeyTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inKeyTable = false;
      continue;
    }
    const first = line.split('|')[1]?.trim() ?? '';
    if (first === 'key') inKeyTable = true;
    else if (inKeyTable) for (const match of first.matchAll(/`([^`]+)`/g)) keys.add(match[1]!);
  }
  return keys;
}

describe('docs/spec.md, the reference of the spec vocabulary', () => {
  const documented = documentedKeys(readFileSync(join(root, 'docs/spec.md'), 'utf8'));
  const admitted = vocabularyKeys();

  it('lists every key the spec schema admits', () => {
    expect(admitted.filter((key) => !documented.has(key))).toEqual([]);
  });

  it('lists no key the spec schema does not admit', () => {
    expect([...documented].filter((key) => !admitted.includes(key)).sort()).toEqual([]);
  });
});
