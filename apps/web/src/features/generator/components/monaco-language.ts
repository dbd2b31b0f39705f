import { LANGUAGES } from '@codewright/contract';

/** Monaco language id of a language label ("C#" → "csharp"); plaintext when unknown. */
export function monacoLanguage(label: string): string {
  return LANGUAGES.find((l) => l.label === label || l.id === label)?.id ?? 'plaintext';
}
