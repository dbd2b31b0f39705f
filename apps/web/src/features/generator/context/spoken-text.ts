import { AI_SPEECH_TEXT_MAX_CHARS } from '@codewright/contract';

const FENCED = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[`~]*[ \t]*$|(?![\s\S]))/gm;

/**
 * The explanation of an answer as it is read aloud: code blocks left out, Markdown marks removed
 * (links read as their text), at most AI_SPEECH_TEXT_MAX_CHARS; '' when only code is left.
 */
export function spokenText(markdown: string): string {
  const text = markdown
    .replace(FENCED, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/^[ \t]*[-*+][ \t]+/gm, '')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]+?)\1/g, '$2')
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= AI_SPEECH_TEXT_MAX_CHARS) return text;
  const cut = text.slice(0, AI_SPEECH_TEXT_MAX_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  return (end > AI_SPEECH_TEXT_MAX_CHARS / 2 ? cut.slice(0, end + 1) : cut).trim();
}
