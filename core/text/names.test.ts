import { describe, expect, it } from 'vitest';
import { cleanFreeText, nameKey, normaliseName } from './names.ts';

describe('normaliseName', () => {
  it('folds compatibility forms (fullwidth, ligatures), trims and collapses white space', () => {
    expect(normaliseName('Ｓａｇｅ')).toBe('Sage');
    expect(normaliseName('  ﬁne\u3000\u00a0 Bot ')).toBe('fine Bot');
  });

  it('composes a letter and its accent into one character', () => {
    expect(normaliseName('Sa\u0301ge')).toBe('Ságe');
  });
});

describe('nameKey', () => {
  it('gives the look-alikes of Sage from the issue the key of Sage', () => {
    const sage = nameKey('Sage');
    expect(sage).toBe('sage');
    // Cyrillic Ѕ (U+0405), Cyrillic а (U+0430), fullwidth, and case
    for (const lookAlike of ['\u0405age', 'S\u0430ge', 'Ｓａｇｅ', 'SAGE', 'sage']) {
      expect(nameKey(lookAlike), lookAlike).toBe(sage);
    }
  });

  it('folds Greek and Cyrillic capitals that pass for Latin ones', () => {
    expect(nameKey('\u039a\u0391\u03a4\u0395')).toBe(nameKey('Kate')); // Greek ΚΑΤΕ
    expect(nameKey('\u0412\u041e\u0422')).toBe(nameKey('bot')); // Cyrillic ВОТ
  });

  it('keeps apart names that only share letters, accents or scripts', () => {
    expect(nameKey('Ságe')).not.toBe(nameKey('Sage'));
    expect(nameKey('Sage_Bot')).not.toBe(nameKey('Sage Bot'));
    expect(nameKey('\u0418\u0440\u0438\u043d\u0430')).toBe('\u0438p\u0438\u043da'); // Ирина: р → p, а → a
  });
});

describe('cleanFreeText', () => {
  it('drops bidirectional controls and control characters such as BEL', () => {
    expect(cleanFreeText('good \u202eevil\u202c bot\u0007')).toBe('good evil bot');
    for (const mark of ['\u061c', '\u200e', '\u200f', '\u202a', '\u2066', '\u2069', '\u0000']) {
      expect(cleanFreeText(`a${mark}b`), mark.codePointAt(0)?.toString(16)).toBe('ab');
    }
  });

  it('turns line breaks and tabs into spaces and keeps other text as written', () => {
    expect(cleanFreeText('one\ntwo\tthree\r\n')).toBe('one two three');
    expect(cleanFreeText('Plays 👩‍💻 with ＦＵＬＬ width')).toBe('Plays 👩‍💻 with ＦＵＬＬ width');
  });
});
