/** Documentation articles of /docs (SPEC §2.8): four categories, written for this product as built. */
export interface DocArticle {
  id: string;
  title: string;
  summary: string;
  body: string[];
}

export interface DocCategory {
  id: string;
  title: string;
  description: string;
  articles: DocArticle[];
}

export const DOC_CATEGORIES: DocCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    description: 'Install, sign up and generate your first code.',
    articles: [
      {
        id: 'install',
        title: 'Install and run Codewright',
        summary: 'One command serves the app and its API on http://localhost:3000.',
        body: [
          'You need Node.js 20.19 or newer. In the project folder run `npm start`: it installs dependencies on the first run, builds the app if needed and serves it on port 3000.',
          'Without any configuration the server keeps everything under `./data`: an embedded PostgreSQL server that starts and stops with Codewright, uploaded files and a signing secret generated on first start.',
          'Set `PORT` and `HOST` to listen elsewhere, or `DATABASE_URL` to use your own PostgreSQL 14+ server instead of the embedded one.',
        ],
      },
      {
        id: 'create-account',
        title: 'Create an account',
        summary: 'Sign up with your email and password, then sign in.',
        body: [
          'Click Get Started in the header and choose Continue with Email. Enter your email and a password of at least 8 characters and press Sign Up.',
          'Signing up does not sign you in: switch to Sign In with the same email and password. After signing in you land in the generator.',
          'Every new account starts on the Free plan.',
        ],
      },
      {
        id: 'first-generation',
        title: 'Generate your first code',
        summary: 'Describe what you want in the AI Assistant panel and press Enter.',
        body: [
          'Open the generator, pick a language and describe what to build, for example "a React hook that debounces a value". Press Enter to send; Shift+Enter adds a new line.',
          'The answer streams into the chat and the code lands in the editor on the right, where you can copy or download it.',
          'Send another prompt to change the code: with code in the editor, a prompt is an edit of that code.',
        ],
      },
    ],
  },
  {
    id: 'generator',
    title: 'Using the generator',
    description: 'Prompts, edits, uploads and versions.',
    articles: [
      {
        id: 'writing-prompts',
        title: 'Writing good prompts',
        summary: 'Name the language, the inputs and outputs, and the edge cases you care about.',
        body: [
          'Say what the code is for and how it will be called: "an Express route GET /users with cursor pagination, limit 1 to 100".',
          'Mention libraries and versions you already use, and the style you want (typed, functional, with tests).',
          'Ask for one thing at a time. Short follow-up edits work better than one huge prompt.',
        ],
      },
      {
        id: 'edits-and-rollback',
        title: 'Edits, history and rollback',
        summary: 'Every AI answer keeps a snapshot of the code; roll back to any of them.',
        body: [
          'The chat history lists your prompts and the AI answers. Each answer that produced code has a Rollback button that puts that version back in the editor.',
          'A prompt sent while the editor holds code counts as an edit; with an empty editor it counts as a generation.',
        ],
      },
      {
        id: 'uploads',
        title: 'Uploading code files and images',
        summary: 'Start from an existing file or ask the AI about a screenshot.',
        body: [
          'Use the upload button next to the prompt. A code file (.js, .ts, .py, .go, .rs, .java, .cs, .cpp, .c, .json, .html, .css, .jsx, .tsx or .txt) replaces the editor content.',
          'An image is uploaded and its address is put in your prompt so the model can look at it. Files must be 5 MB or smaller.',
        ],
      },
    ],
  },
  {
    id: 'projects-plans',
    title: 'Projects and plans',
    description: 'Saving work, the dashboard and monthly limits.',
    articles: [
      {
        id: 'saving-projects',
        title: 'Saving and reopening projects',
        summary: 'Save the editor and chat as a named project; reopen it from the dashboard.',
        body: [
          'Click Save Project in the generator, give it a name and save. The chat history is saved with it; later saves update the same project.',
          'The dashboard lists your projects with their language and last update. Open Project puts its code back in the generator.',
        ],
      },
      {
        id: 'plans-and-limits',
        title: 'Plans and monthly limits',
        summary:
          'Free has 10 generations, 5 edits and 3 projects a month; Pro and Enterprise are unlimited.',
        body: [
          'Usage meters on the dashboard and in the generator show what is left this month. They change colour at 80% and block the action when the limit is reached.',
          'Counters reset at the start of each calendar month. Change your plan on the pricing page at any time.',
        ],
      },
    ],
  },
  {
    id: 'self-hosting',
    title: 'Self-hosting and configuration',
    description: 'Models, databases, email and privacy settings.',
    articles: [
      {
        id: 'configure-model',
        title: 'Configure an AI model',
        summary:
          'Use OpenAI, Anthropic, or a local model through Ollama or any OpenAI-compatible server.',
        body: [
          'Copy `.env.example` to `.env` and set `AI_PROVIDER` to openai, anthropic, openai-compatible or ollama, with `AI_API_KEY` and `AI_BASE_URL` where the provider needs them.',
          '`AI_MODEL_BASIC` is used on the Free plan and `AI_MODEL_ADVANCED` on Pro and Enterprise.',
          'With nothing set, the server uses `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` if present, and otherwise Ollama on 127.0.0.1:11434 if it answers.',
        ],
      },
      {
        id: 'database-and-scaling',
        title: 'Database and scaling out',
        summary:
          'Embedded PostgreSQL by default; point DATABASE_URL at your own PostgreSQL to scale.',
        body: [
          'Set `DATABASE_URL=postgres://user:password@host:5432/codewright` to use PostgreSQL 14 or newer. Migrations run at start.',
          'Several server instances can share one PostgreSQL behind a load balancer; give them the same `JWT_SECRET`, and `STORAGE=local` with `DATA_DIR` on a disk they all mount (with `DATABASE_URL` the server does not start until `STORAGE` is set). Behind a reverse proxy set `TRUST_PROXY` so rate limits see real client addresses.',
        ],
      },
      {
        id: 'analytics-privacy',
        title: 'Analytics and privacy',
        summary:
          'Page views and button clicks are logged to your own database, never to a third party.',
        body: [
          'The app records page views and call-to-action clicks in this instance’s database, with a session id that renews after 30 minutes of inactivity.',
          'Nothing is recorded when your browser sends Do Not Track or Global Privacy Control. No third-party scripts, fonts or trackers are loaded.',
        ],
      },
    ],
  },
];

/** Articles listed under "Popular docs". */
export const POPULAR_DOC_IDS = [
  'install',
  'configure-model',
  'writing-prompts',
  'plans-and-limits',
];

/** Every article with its category, for lookups. */
export const ALL_ARTICLES = DOC_CATEGORIES.flatMap((category) =>
  category.articles.map((article) => ({ ...article, category })),
);

/** Categories with only the articles whose title, summary or body contains `query` (case-insensitive). */
export function searchDocs(query: string): DocCategory[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return DOC_CATEGORIES;
  return DOC_CATEGORIES.map((category) => ({
    ...category,
    articles: category.articles.filter((a) =>
      [a.title, a.summary, ...a.body].some((text) => text.toLowerCase().includes(needle)),
    ),
  })).filter((category) => category.articles.length > 0);
}
