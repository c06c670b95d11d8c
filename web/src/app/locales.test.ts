import { flattenMenuTree, LANGS, LAYOUT_EXTRA_ROUTES, MENU_TREE, MESSAGES } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { featureLocaleFiles } from './feature-locales.ts';
import { EARLY_LOCALE_FEATURES, localeFiles as firstLoadFiles } from './i18n-resources.ts';

/** Every locale file: the first load's and the features' loaded with the layout. */
const localeFiles = () => [...firstLoadFiles(), ...featureLocaleFiles()];

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale parity', () => {
  const files = localeFiles();
  const namespaces = [...new Set(files.map((f) => f.namespace))];

  it('finds the shared and feature locale files', () => {
    expect(namespaces).toContain('common');
    expect(namespaces.length).toBeGreaterThan(3);
  });

  for (const ns of namespaces) {
    it(`namespace "${ns}" has the same keys in every language`, () => {
      const byLang = Object.fromEntries(
        LANGS.map((lang) => [lang, files.find((f) => f.namespace === ns && f.lang === lang)]),
      );
      for (const lang of LANGS) expect(byLang[lang], `${ns}/${lang}.json is missing`).toBeDefined();
      const [first, ...rest] = LANGS.map((lang) => new Set(keys(byLang[lang]?.content)));
      for (const [i, other] of rest.entries()) {
        const lang = LANGS[i + 1];
        const missingThere = [...(first ?? [])].filter((k) => !other.has(k));
        const missingHere = [...other].filter((k) => !first?.has(k));
        expect(missingThere, `${ns}: keys missing in ${lang}`).toEqual([]);
        expect(missingHere, `${ns}: keys missing in ${LANGS[0]}`).toEqual([]);
      }
      for (const lang of LANGS) {
        const empty = keys(byLang[lang]?.content).filter((k) => {
          const value = k
            .split('.')
            .reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], byLang[lang]?.content);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${ns}/${lang}: empty or non-string values`).toEqual([]);
      }
      // Every language fills in the same {{placeholders}} of a text.
      const textAt = (content: unknown, key: string) =>
        key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], content);
      const placeholders = (text: unknown) => (String(text).match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      const [base, ...others] = LANGS;
      for (const key of keys(base ? byLang[base]?.content : undefined)) {
        const expected = placeholders(textAt(base ? byLang[base]?.content : undefined, key));
        for (const lang of others) {
          expect(placeholders(textAt(byLang[lang]?.content, key)), `${ns}/${lang}: ${key}`).toEqual(expected);
        }
      }
    });
  }

  it('every menu node has a title in both languages', () => {
    for (const node of [...flattenMenuTree(MENU_TREE), ...LAYOUT_EXTRA_ROUTES]) {
      for (const lang of LANGS) expect(node.title[lang]?.trim(), `${node.code} ${lang}`).toBeTruthy();
    }
  });

  it('every message code has both languages', () => {
    for (const [code, texts] of Object.entries(MESSAGES)) {
      for (const lang of LANGS) expect(texts[lang]?.trim(), `${code} ${lang}`).toBeTruthy();
    }
  });
});

describe('locale discovery', () => {
  it('loads the layout namespace from app/locales', () => {
    const files = localeFiles();
    expect(
      files
        .filter((f) => f.namespace === 'layout')
        .map((f) => f.lang)
        .sort(),
    ).toEqual(['en', 'zh-CN']);
    expect(files.every((f) => f.lang === 'en' || f.lang === 'zh-CN')).toBe(true);
  });
});

describe('locale split (issue 17 §8)', () => {
  it('holds each feature file once: the early features in the first load, the others with the layout', () => {
    const featureOf = (path: string) => /\/features\/([^/]+)\//.exec(path)?.[1];
    const first = firstLoadFiles().map((f) => f.path);
    const later = featureLocaleFiles().map((f) => f.path);
    expect(new Set([...first, ...later]).size).toBe(first.length + later.length);
    expect(first.flatMap((p) => featureOf(p) ?? []).every((f) => EARLY_LOCALE_FEATURES.includes(f))).toBe(
      true,
    );
    expect(later.every((p) => !EARLY_LOCALE_FEATURES.includes(featureOf(p) ?? ''))).toBe(true);
    expect(later.length).toBeGreaterThan(first.length);
  });
});
