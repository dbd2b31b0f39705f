import { PLAN_LIMITS, REFUND_DAYS } from '@codewright/contract';

/** The five FAQ entries of SPEC §2.7. */
export const FAQ = [
  {
    question: 'What counts as a generation and what counts as an edit?',
    answer:
      'A prompt sent while the editor is empty is a generation; a prompt sent while it holds code is an edit, because the AI rewrites what is there. Each has its own monthly meter.',
  },
  {
    question: 'What happens when I reach my monthly limit?',
    answer: `The generator tells you and offers an upgrade; nothing is charged automatically. On Free you get ${PLAN_LIMITS.free.generationsPerMonth} generations and ${PLAN_LIMITS.free.editsPerMonth} edits a month, and both counters reset at the start of each month.`,
  },
  {
    question: 'Can I change or cancel my plan at any time?',
    answer:
      'Yes. Choosing a plan on this page switches your account at once, up or down. Projects you already saved stay yours.',
  },
  {
    question: 'Is there a refund policy?',
    answer: `Yes: every paid plan comes with a ${REFUND_DAYS}-day refund. This instance takes no payments itself; if your operator bills you, ask them within ${REFUND_DAYS} days for a full refund.`,
  },
  {
    question: 'Which AI models does Codewright use?',
    answer:
      'Whatever model this instance is configured with: OpenAI, Anthropic, or any OpenAI-compatible server such as Ollama, vLLM or LM Studio. Pro and Enterprise use the advanced model; Free uses the basic one.',
  },
] as const;
