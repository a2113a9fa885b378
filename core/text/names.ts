/**
 * Names people give agents and bots, and the free text beside them (descriptions, taglines): how
 * they are normalised before they are checked and stored, and the key two names collide on.
 */

/**
 * Cyrillic and Greek letters that look like a Latin letter or digit, after Unicode's confusables
 * list (UTS #39, `confusables.txt`), both cases. Where that list maps a letter to `l` because it
 * looks like a capital I (Cyrillic І and Ӏ, Greek Ι) we map it to `I`: names compare without case,
 * and a capital I is what those letters are taken for.
 */
const CONFUSABLE_LETTERS: Readonly<Record<string, string>> = {
  // Greek
  Ϳ: 'J',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  α: 'a',
  γ: 'y',
  ι: 'i',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  υ: 'u',
  ϒ: 'Y',
  Ϝ: 'F',
  ϱ: 'p',
  ϲ: 'c',
  ϳ: 'j',
  Ϲ: 'C',
  Ϻ: 'M',
  // Cyrillic
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  А: 'A',
  В: 'B',
  Е: 'E',
  З: '3',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ь: 'b',
  а: 'a',
  б: '6',
  г: 'r',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ѡ: 'w',
  Ѵ: 'V',
  ѵ: 'v',
  Ү: 'Y',
  ү: 'y',
  һ: 'h',
  ҽ: 'e',
  Ӏ: 'I',
  ӏ: 'i',
  Ӡ: '3',
  ԁ: 'd',
  Ԍ: 'G',
  ԛ: 'q',
  Ԝ: 'W',
  ԝ: 'w',
};

/**
 * A name as it is checked and stored: NFKC (so fullwidth `Ｓａｇｅ` is `Sage` and a ligature its
 * letters), trimmed, and every run of white space one space.
 */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/**
 * The key two names collide on: the normalised name with each Cyrillic or Greek look-alike
 * replaced by the Latin letter it passes for, then lower-cased, so `Ѕage`, `Sаge`, `Ｓａｇｅ` and
 * `SAGE` all share `sage`'s key. Accents stay (decomposed to map the base letter, then composed
 * again): `Ságe` is a different name.
 */
export function nameKey(name: string): string {
  const decomposed = normaliseName(name).normalize('NFD');
  let key = '';
  for (const char of decomposed) key += CONFUSABLE_LETTERS[char] ?? char;
  return key.toLowerCase().normalize('NFC');
}

/**
 * Free text (a description, a tagline) as it is stored: control characters and the invisible
 * marks that reorder text (Unicode's Bidi_Control: U+202E turns what follows around) removed,
 * line breaks and tabs turned into spaces, then trimmed.
 */
export function cleanFreeText(text: string): string {
  return text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(/[\p{Cc}\p{Bidi_Control}]/gu, '')
    .trim();
}
