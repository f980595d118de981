/** 001 §5 so_regex, as the server checks it: longer than one character, it begins with two letters, each S or O. */
export function matchesSoRegex(ref: string): boolean {
  return ref.length <= 1 || /^[so]{2}/i.test(ref);
}
