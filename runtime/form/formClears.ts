type Data = Record<string, unknown>;

/**
 * The form's data after an edit, with the fields that depended on a changed field emptied (a new
 * recipient organisation empties the recipient's name and e-mail; a product group's subscription
 * type its product type, 002 §4). Emptied means null, not left out: an update leaves a field it does
 * not send as stored, and the saved record must lose the value too. The first data of a form (no
 * previous) is taken as loaded.
 */
export function applyClears<D>(previous: D | null, next: D, clears: Readonly<Record<string, readonly string[]>> | undefined): D {
  if (previous === null || !clears) return next;
  const before = previous as Data;
  const after = { ...(next as Data) };
  let cleared = false;
  for (const [field, emptied] of Object.entries(clears)) {
    if (before[field] === after[field]) continue;
    for (const name of emptied) {
      if (after[name] === undefined || after[name] === null) continue;
      after[name] = null;
      cleared = true;
    }
  }
  return cleared ? (after as D) : next;
}
