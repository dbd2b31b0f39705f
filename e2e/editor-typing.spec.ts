/**
 * Typing code by hand, key by key: Monaco's auto-closed brackets and quotes, and typing
 * over them, leave exactly what was typed, in JavaScript, Python and Go; an AI edit is one undo
 * step away from the typed code; and the preview runs what was typed.
 */
import { acceptReview } from './fixtures.ts';
import { expect, test, type GeneratorPreview } from './fixtures/generator-preview-test.ts';

/** Real key events, 30 ms apart; Escape closes a suggestion list before the next line. */
async function typeLines(gen: GeneratorPreview, lines: string[]): Promise<void> {
  await gen.editor.locator('.view-lines').click();
  for (const [i, line] of lines.entries()) {
    if (i > 0) await gen.page.keyboard.press('Enter');
    await gen.page.keyboard.type(line, { delay: 30 });
    await gen.page.keyboard.press('Escape');
  }
}

const code = (gen: GeneratorPreview) => gen.page.getByTestId('editor-panel');

test.describe('typing code by hand', () => {
  // Each test types code key by key (real key events, paced) and then runs or edits it.
  test.describe.configure({ timeout: 90_000 });

  test('JavaScript: auto-closed brackets and quotes, typed over, keep what was typed; the preview runs it; undo after an AI edit brings the typed code back', async ({
    gen,
    page,
  }) => {
    await gen.open();
    const typed = [
      'const f = (...a) => console.log(JSON.stringify(a));',
      'console.log("hello")',
      'f("hi", [1, {a: 2}])',
      "f('it\\'s', `t${1}`)",
    ];
    await typeLines(gen, typed);
    await expect(code(gen)).toHaveAttribute('data-code', typed.join('\n'));

    // The run of all four lines (a pause while typing may have run the first ones before).
    await expect.poll(() => gen.consoleText(), { timeout: 15_000 }).toContain('["it\'s","t1"]');
    const output = await gen.consoleText();
    expect(output).toContain('hello');
    expect(output).toContain('["hi",[1,{"a":2}]]');

    // An AI edit, accepted, is one undo step: Ctrl+Z in the editor brings the typed code back.
    await gen.send('add a note at the end');
    await acceptReview(page);
    await expect(code(gen)).not.toHaveAttribute('data-code', typed.join('\n'));
    await gen.editor.locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(code(gen)).toHaveAttribute('data-code', typed.join('\n'));
  });

  /** Hovers the first squiggle and returns the hover's texts (none while it cannot be hovered). */
  async function squiggleHover(gen: GeneratorPreview): Promise<string[]> {
    // Away first: a hover shown stays as it was, with the marks of its time, while the pointer
    // stays on the squiggle. A squiggle can be drawn with no width for a moment, which cannot be
    // hovered: then the next round tries again.
    await gen.page.mouse.move(0, 0);
    const hovered = await gen.editor
      .locator('.squiggly-error')
      .first()
      .hover({ force: true, timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    return hovered ? gen.page.locator('.monaco-hover').allInnerTexts() : [];
  }
  // TypeScript's own words for the mistake typed below, from the language service.
  const typeScriptSays = expect.stringContaining('Variable declaration expected.');
  // The worker loads and compiles TypeScript's lib files first: seconds alone, over 15 s beside
  // a second test run on 2 cores.
  const languageServiceWait = { timeout: 45_000 };

  test('JavaScript is checked once the user writes in the editor, not on opening the generator', async ({
    gen,
    page,
  }) => {
    const languageService: string[] = [];
    page.on('request', (request) => {
      if (/\/ts\.worker[^/]*\.js/.test(request.url())) languageService.push(request.url());
    });
    await gen.open();
    await page.waitForLoadState('networkidle');
    expect(
      languageService,
      'the language service is not loaded before the editor is focused',
    ).toEqual([]);
    await typeLines(gen, ['const = 1;']);
    await expect.poll(() => squiggleHover(gen), languageServiceWait).toContainEqual(typeScriptSays);
    expect(languageService).toHaveLength(1);
  });

  test('JavaScript is checked even when the user starts writing before its language service is set up', async ({
    gen,
    page,
  }) => {
    // Monaco fetches JavaScript's mode when the editor first shows a model; held back here until
    // the user has focused the editor and typed, as on a slow network.
    let typed!: () => void;
    const userHasTyped = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\/tsMode-[^/]*\.js$/, async (route) => {
      await userHasTyped;
      await route.continue();
    });
    await gen.open();
    await typeLines(gen, ['const = 1;']);
    typed();
    await expect.poll(() => squiggleHover(gen), languageServiceWait).toContainEqual(typeScriptSays);
  });

  test('Python and Go: quotes and brackets typed key by key stay as typed', async ({ gen }) => {
    await gen.open();
    await gen.setLanguage('Python');
    const python = [`print('it''s', ["a", {"b": (1, 2)}])`, `s = "x" + 'y'`];
    await typeLines(gen, python);
    await expect(code(gen)).toHaveAttribute('data-code', python.join('\n'));

    await gen.editor.locator('.view-lines').click();
    await gen.page.keyboard.press('ControlOrMeta+A');
    await gen.page.keyboard.press('Delete');
    await gen.setLanguage('Go');
    const go = ['fmt.Println("hi", []int{1, 2}, map[string]int{"a": 1})', "r := 'x'"];
    await typeLines(gen, go);
    await expect(code(gen)).toHaveAttribute('data-code', go.join('\n'));
  });
});
