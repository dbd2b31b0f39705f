import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@codewright/contract';
import { DOC_CATEGORIES, POPULAR_DOC_IDS, ALL_ARTICLES, searchDocs } from './docs.ts';
import { EXAMPLE_CATEGORIES, EXAMPLES, examplesIn } from './examples.ts';

describe('examples', () => {
  it('has six examples over the four categories, each complete', () => {
    expect(EXAMPLES).toHaveLength(6);
    expect(examplesIn('All Examples')).toHaveLength(6);
    for (const category of EXAMPLE_CATEGORIES.slice(1)) {
      expect(examplesIn(category).length, category).toBeGreaterThan(0);
    }
    const labels = LANGUAGES.map((l) => l.label as string);
    for (const e of EXAMPLES) {
      expect(e.title && e.description && e.prompt && e.code).toBeTruthy();
      expect(e.tags.length).toBeGreaterThan(0);
      expect(labels).toContain(e.language);
    }
  });
});

describe('docs search', () => {
  it('has four categories and popular docs that exist', () => {
    expect(DOC_CATEGORIES).toHaveLength(4);
    for (const id of POPULAR_DOC_IDS) expect(ALL_ARTICLES.map((a) => a.id)).toContain(id);
  });

  it('matches title, summary and body, case-insensitively', () => {
    const ids = (q: string) => searchDocs(q).flatMap((c) => c.articles.map((a) => a.id));
    expect(ids('')).toHaveLength(ALL_ARTICLES.length);
    expect(ids('WRITING GOOD')).toEqual(['writing-prompts']); // title
    expect(ids('embedded postgresql')).toContain('install'); // summary or body
    expect(ids('ollama')).toContain('configure-model');
    expect(ids('  ollama  ')).toEqual(ids('ollama'));
    expect(searchDocs('no such words anywhere')).toEqual([]);
  });
});
