/**
 * Suggested follow-ups after an answer (two or three short chips): the usual next steps for code
 * of that language. Choosing one fills the prompt box; nothing is sent (and charged) until the
 * user sends it.
 */
const BY_LANGUAGE: Readonly<Record<string, string>> = {
  JavaScript: 'Convert it to TypeScript',
  TypeScript: 'Add JSDoc comments',
  Python: 'Add type hints',
  Go: 'Add doc comments',
  Rust: 'Add doc comments',
  Java: 'Add Javadoc comments',
  'C#': 'Add XML doc comments',
  'C++': 'Add doc comments',
};

/** The chips under the last answer: none without code, else error handling, tests and one more. */
export function followUpsFor(language: string, hasCode: boolean): string[] {
  if (!hasCode) return ['Show me the code'];
  return ['Add error handling', 'Write unit tests', BY_LANGUAGE[language] ?? 'Add comments'];
}
