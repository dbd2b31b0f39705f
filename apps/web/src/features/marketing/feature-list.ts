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
}

/** The six product features of SPEC §1, shared by the landing grid and /features. */
export const FEATURES: Feature[] = [
  {
    icon: Sparkles,
    title: 'Generate from a prompt',
    description:
      'Describe what you want in plain language and get working code back, with an explanation.',
  },
  {
    icon: WandSparkles,
    title: 'Edit by prompt',
    description:
      'Ask for a refactor, a fix or a new feature and the AI rewrites the code in your editor.',
  },
  {
    icon: Languages,
    title: '20+ languages and frameworks',
    description:
      'JavaScript, TypeScript, Python, Go, Rust, Java, C#, C++ and the frameworks built on them.',
  },
  {
    icon: History,
    title: 'Version history',
    description:
      'Every AI answer keeps a snapshot. Roll back to any earlier version from the chat.',
  },
  {
    icon: FolderKanban,
    title: 'Projects dashboard',
    description:
      'Save your work as named projects and reopen them from your dashboard at any time.',
  },
  {
    icon: LockKeyhole,
    title: 'Private and team-ready',
    description: 'Private projects, advanced models and team collaboration on the Pro plan.',
  },
];
