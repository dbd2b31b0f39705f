/** Languages offered in the generator (SPEC §3), with the download extension of SPEC §8.2. */
export const LANGUAGES = [
  { id: 'javascript', label: 'JavaScript', extension: 'js' },
  { id: 'typescript', label: 'TypeScript', extension: 'ts' },
  { id: 'python', label: 'Python', extension: 'py' },
  { id: 'go', label: 'Go', extension: 'go' },
  { id: 'rust', label: 'Rust', extension: 'rs' },
  { id: 'java', label: 'Java', extension: 'java' },
  { id: 'csharp', label: 'C#', extension: 'cs' },
  { id: 'cpp', label: 'C++', extension: 'cpp' },
] as const;

export type LanguageLabel = (typeof LANGUAGES)[number]['label'];
export const DEFAULT_LANGUAGE: LanguageLabel = 'JavaScript';

/** File extension for a download named `code.<ext>`; `txt` for an unknown language. */
export function extensionFor(language: string): string {
  const hit = LANGUAGES.find((l) => l.label === language || l.id === language);
  return hit ? hit.extension : 'txt';
}
