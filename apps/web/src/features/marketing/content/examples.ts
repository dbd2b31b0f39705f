import type { LanguageLabel } from '@codewright/contract';

/** Filter categories of SPEC §2.6; "All Examples" is the default (SPEC §4.6). */
export const EXAMPLE_CATEGORIES = [
  'All Examples',
  'React',
  'Backend',
  'Full Stack',
  'AI/ML',
] as const;
export type ExampleCategory = (typeof EXAMPLE_CATEGORIES)[number];

export interface Example {
  id: string;
  title: string;
  description: string;
  category: Exclude<ExampleCategory, 'All Examples'>;
  tags: string[];
  /** The generator language this example's prompt asks for. */
  language: LanguageLabel;
  prompt: string;
  code: string;
}

/** The six static examples of SPEC §2.6. */
export const EXAMPLES: Example[] = [
  {
    id: 'debounced-search',
    title: 'Debounced search input',
    description: 'A typed React hook and a search box that waits for the user to stop typing.',
    category: 'React',
    tags: ['React', 'TypeScript', 'Hooks'],
    language: 'TypeScript',
    prompt:
      'Write a React search input in TypeScript that debounces the query by 300 ms with a reusable useDebounce hook.',
    code: `import { useEffect, useState } from 'react';

export function useDebounce<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

export function SearchBox({ onSearch }: { onSearch: (q: string) => void }) {
  const [query, setQuery] = useState('');
  const debounced = useDebounce(query);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return (
    <input
      type="search"
      aria-label="Search"
      value={query}
      onChange={(e) => setQuery(e.target.value)}
    />
  );
}`,
  },
  {
    id: 'theme-toggle',
    title: 'Dark mode toggle',
    description: 'A toggle that follows the system theme and remembers the user’s choice.',
    category: 'React',
    tags: ['React', 'JavaScript', 'localStorage'],
    language: 'JavaScript',
    prompt:
      'Create a React dark-mode toggle button that starts from the system preference and remembers the choice in localStorage.',
    code: `import { useEffect, useState } from 'react';

const KEY = 'theme';
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

export function ThemeToggle() {
  const [dark, setDark] = useState(() => {
    const saved = localStorage.getItem(KEY);
    return saved ? saved === 'dark' : systemDark();
  });

  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
    localStorage.setItem(KEY, dark ? 'dark' : 'light');
  }, [dark]);

  return (
    <button type="button" aria-pressed={dark} onClick={() => setDark(!dark)}>
      {dark ? 'Dark' : 'Light'} mode
    </button>
  );
}`,
  },
  {
    id: 'cursor-pagination',
    title: 'Cursor-paginated REST endpoint',
    description: 'An Express route that pages through users with an opaque cursor.',
    category: 'Backend',
    tags: ['Node.js', 'Express', 'PostgreSQL'],
    language: 'JavaScript',
    prompt:
      'Write an Express GET /users endpoint with cursor-based pagination over PostgreSQL, limit 1-100, returning nextCursor.',
    code: `import express from 'express';
import pg from 'pg';

const pool = new pg.Pool();
export const router = express.Router();

router.get('/users', async (req, res) => {
  const limit = Math.min(Math.max(Number(req.query.limit) || 20, 1), 100);
  const after = req.query.cursor
    ? Buffer.from(String(req.query.cursor), 'base64url').toString()
    : '';
  const { rows } = await pool.query(
    'SELECT id, email FROM users WHERE id > $1 ORDER BY id LIMIT $2',
    [after, limit + 1],
  );
  const page = rows.slice(0, limit);
  const nextCursor =
    rows.length > limit ? Buffer.from(page.at(-1).id).toString('base64url') : null;
  res.json({ users: page, nextCursor });
});`,
  },
  {
    id: 'rate-limiter',
    title: 'Token-bucket rate limiter',
    description: 'A small, dependency-free rate limiter for Go HTTP handlers.',
    category: 'Backend',
    tags: ['Go', 'HTTP', 'Middleware'],
    language: 'Go',
    prompt:
      'Write Go middleware that rate-limits requests per client IP with a token bucket: 10 requests per second, bursts of 20.',
    code: `package ratelimit

import (
	"net"
	"net/http"
	"sync"
	"time"
)

type bucket struct {
	tokens float64
	last   time.Time
}

// Limit allows rate requests per second per IP, with bursts up to burst.
func Limit(rate, burst float64, next http.Handler) http.Handler {
	var mu sync.Mutex
	buckets := map[string]*bucket{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip, _, _ := net.SplitHostPort(r.RemoteAddr)
		mu.Lock()
		b, ok := buckets[ip]
		if !ok {
			b = &bucket{tokens: burst, last: time.Now()}
			buckets[ip] = b
		}
		now := time.Now()
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
		b.last = now
		allowed := b.tokens >= 1
		if allowed {
			b.tokens--
		}
		mu.Unlock()
		if !allowed {
			http.Error(w, "too many requests", http.StatusTooManyRequests)
			return
		}
		next.ServeHTTP(w, r)
	})
}`,
  },
  {
    id: 'todo-app',
    title: 'Todo app with an API',
    description: 'A React list backed by a tiny Node API, with optimistic updates.',
    category: 'Full Stack',
    tags: ['React', 'Node.js', 'REST'],
    language: 'TypeScript',
    prompt:
      'Build a todo list in React and TypeScript that loads from and saves to a /api/todos REST endpoint, with optimistic updates.',
    code: `import { useEffect, useState } from 'react';

interface Todo { id: string; title: string; done: boolean }

export function Todos() {
  const [todos, setTodos] = useState<Todo[]>([]);

  useEffect(() => {
    fetch('/api/todos').then((r) => r.json()).then(setTodos);
  }, []);

  async function toggle(todo: Todo) {
    const next = { ...todo, done: !todo.done };
    setTodos((all) => all.map((t) => (t.id === todo.id ? next : t)));
    const res = await fetch(\`/api/todos/\${todo.id}\`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ done: next.done }),
    });
    // Roll back if the server refused.
    if (!res.ok) setTodos((all) => all.map((t) => (t.id === todo.id ? todo : t)));
  }

  return (
    <ul>
      {todos.map((t) => (
        <li key={t.id}>
          <label>
            <input type="checkbox" checked={t.done} onChange={() => toggle(t)} />
            {t.title}
          </label>
        </li>
      ))}
    </ul>
  );
}`,
  },
  {
    id: 'ticket-sentiment',
    title: 'Support ticket sentiment',
    description: 'A Python script that sorts support tickets by sentiment with scikit-learn.',
    category: 'AI/ML',
    tags: ['Python', 'scikit-learn', 'NLP'],
    language: 'Python',
    prompt:
      'Write a Python script that trains a sentiment classifier on labelled support tickets from a CSV and prints the most negative new tickets first.',
    code: `import csv
import sys

from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline


def load(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [r["text"] for r in rows], [r.get("label") for r in rows]


def main(train_csv, new_csv):
    texts, labels = load(train_csv)
    model = make_pipeline(TfidfVectorizer(ngram_range=(1, 2)), LogisticRegression())
    model.fit(texts, labels)

    tickets, _ = load(new_csv)
    negative = list(model.classes_).index("negative")
    scores = model.predict_proba(tickets)[:, negative]
    for score, text in sorted(zip(scores, tickets), reverse=True):
        print(f"{score:.2f}  {text[:80]}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])`,
  },
];

/** The examples a filter shows; "All Examples" shows every one. */
export function examplesIn(category: ExampleCategory): Example[] {
  return category === 'All Examples' ? EXAMPLES : EXAMPLES.filter((e) => e.category === category);
}
