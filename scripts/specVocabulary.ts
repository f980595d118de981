/**
 * Prints the spec's vocabulary (generator/load/specVocabulary.ts): every key name the spec schema
 * admits and how often each is written in spec/ (method in docs/spec-design.md "Vocabulary review").
 *
 *   npx tsx scripts/specVocabulary.ts            # table: key, uses
 *   npx tsx scripts/specVocabulary.ts --json     # { key: uses }
 *   npx tsx scripts/specVocabulary.ts --where    # also uses by place (`screens.*.tabs[].guard`)
 */
import { countVocabulary } from '../generator/load/specVocabulary';

const specDir = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const counts = countVocabulary(specDir, process.argv.includes('--where'));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(counts), null, 2));
} else {
  const values = [...counts.values()];
  for (const [name, uses] of [...counts].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])))
    console.log(`${String(uses).padStart(5)}  ${name}`);
  console.log(`${counts.size} keys; ${values.filter((n) => n === 0).length} never used, ${values.filter((n) => n === 1).length} used once`);
}
