import {
  FolderKanban,
  History,
  Languages,
  LockKeyhole,
  Sparkles,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Bullet details shown on /features (SPEC §2.5). */
  details: string[];
}

/** The six product features of SPEC §1, shared by the landing grid and /features. */
export const FEATURES: Feature[] = [
  {
    icon: Sparkles,
    title: 'Generate from a prompt',
    description:
      'Describe what you want in plain language and get working code back, with an explanation.',
    details: [
      'Answers stream into the chat as the model writes them',
      'The code lands in a full editor, ready to copy or download',
      'Stop a generation at any time',
    ],
  },
  {
    icon: WandSparkles,
    title: 'Edit by prompt',
    description:
      'Ask for a refactor, a fix or a new feature and the AI rewrites the code in your editor.',
    details: [
      'The current code goes with your request, so edits stay in context',
      'Upload a code file or an image to start from',
      'Every edit is a new version you can roll back to',
    ],
  },
  {
    icon: Languages,
    title: '20+ languages and frameworks',
    description:
      'JavaScript, TypeScript, Python, Go, Rust, Java, C#, C++ and the frameworks built on them.',
    details: [
      'Pick the language in the generator; the answer follows it',
      'React, Node, FastAPI, Spring, .NET and more by name in your prompt',
      'Downloads get the right file extension',
    ],
  },
  {
    icon: History,
    title: 'Version history',
    description:
      'Every AI answer keeps a snapshot. Roll back to any earlier version from the chat.',
    details: [
      'One click restores the code of any earlier answer',
      'The chat history is saved with the project',
      'Keep experimenting without losing what worked',
    ],
  },
  {
    icon: FolderKanban,
    title: 'Projects dashboard',
    description:
      'Save your work as named projects and reopen them from your dashboard at any time.',
    details: [
      'Projects list with language, description and last update',
      'Usage meters show what is left of your monthly quota',
      'Free: 3 projects; Pro and Enterprise: unlimited',
    ],
  },
  {
    icon: LockKeyhole,
    title: 'Private and team-ready',
    description: 'Private projects, advanced models and team collaboration on the Pro plan.',
    details: [
      'Self-hosted: your code stays on your server and your model',
      'Advanced AI models on Pro and Enterprise',
      'Teams of up to 5 on Pro, unlimited on Enterprise',
    ],
  },
];
