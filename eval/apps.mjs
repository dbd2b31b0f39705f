// (Over 300 lines: the eval set is one list, each app with its prompt, check and known-good answer.)
// The eval set of `npm run eval` (scripts/eval.mjs, docs/eval.md): app prompts in React, TypeScript,
// HTML and Python, each with a small check of the running app and a known-good answer. A real
// model gets the prompt; the scripted test model (e2e/fixtures/model-server.mjs) answers
// `[[eval:ID]]` with `answer`, so the set scores 100% there, and the eval fails in CI if it does not.
//
// An app with `files` (and its `mainPath`) is asked for as a project's first generation, which
// may answer several files (treeGenerationRules); `files` is then its known-good answer.
// check: { text } — visible in the app; { text, console: true } — printed to the Console;
//        { click, text } — after a click on the button of that name, the text is visible.

/** A React component: a button named `click` that turns `before` into `after`. */
function clicker(id, prompt, { click, before, after, initial, next }) {
  return {
    id,
    language: 'JavaScript',
    prompt,
    check: { click, text: after },
    answer: `import { useState } from 'react';

export default function App() {
  const [value, setValue] = useState(${JSON.stringify(initial)});
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4">
      <p className="text-2xl font-bold">{value === ${JSON.stringify(initial)} ? ${JSON.stringify(before)} : ${JSON.stringify(after)}}</p>
      <button type="button" onClick={() => setValue(${JSON.stringify(next)})} className="rounded bg-indigo-600 px-4 py-2 text-white">
        ${click}
      </button>
    </main>
  );
}`,
  };
}

/** A script whose Console output is checked. */
const printer = (id, language, prompt, text, answer) => ({
  id,
  language,
  prompt,
  check: { text, console: true },
  answer,
});

export const EVAL_APPS = [
  clicker('react-counter', 'A counter with a button "Add one" that starts at 0.', {
    click: 'Add one',
    before: 'Count: 0',
    after: 'Count: 1',
    initial: 0,
    next: 1,
  }),
  clicker('react-toggle', 'A light switch: a button "Toggle" that turns "Off" into "On".', {
    click: 'Toggle',
    before: 'Off',
    after: 'On',
    initial: false,
    next: true,
  }),
  clicker('react-greeting', 'A page with a button "Greet" that shows "Hello, world!".', {
    click: 'Greet',
    before: 'Press the button',
    after: 'Hello, world!',
    initial: 0,
    next: 1,
  }),
  clicker('react-like', 'A like button "Like" that shows "Liked" once pressed.', {
    click: 'Like',
    before: 'Not liked yet',
    after: 'Liked',
    initial: 0,
    next: 1,
  }),
  clicker('react-reveal', 'A spoiler: a button "Reveal" that shows "The butler did it".', {
    click: 'Reveal',
    before: 'Hidden',
    after: 'The butler did it',
    initial: 0,
    next: 1,
  }),
  clicker('react-theme', 'A theme picker with a button "Dark mode" that says "Dark theme on".', {
    click: 'Dark mode',
    before: 'Light theme on',
    after: 'Dark theme on',
    initial: 'light',
    next: 'dark',
  }),
  {
    id: 'files-greeting',
    language: 'JavaScript',
    mainPath: 'src/App.jsx',
    prompt:
      'An app in several files: a Greeting component in its own file, and a name formatter in a helpers file; it greets "ADA".',
    check: { text: 'Hello, ADA' },
    files: {
      'src/App.jsx': `import { Greeting } from './components/Greeting.jsx';

export default function App() {
  return <Greeting name="ada" />;
}`,
      'src/components/Greeting.jsx': `import { shout } from '../lib/format.js';

export function Greeting({ name }) {
  return <h1 className="p-6 text-2xl">Hello, {shout(name)}</h1>;
}`,
      'src/lib/format.js': `export const shout = (s) => s.toUpperCase();`,
    },
  },
  {
    id: 'files-cart',
    language: 'TypeScript',
    mainPath: 'src/App.tsx',
    prompt:
      'A cart in several files: the items in a data file, a typed total helper, and "Add tea" adding one.',
    check: { click: 'Add tea', text: 'Total: 15' },
    files: {
      'src/App.tsx': `import { useState } from 'react';
import { START, type Item } from './data';
import { total } from './total';

export default function App() {
  const [items, setItems] = useState<Item[]>(START);
  return (
    <main className="p-6">
      <p>Total: {total(items)}</p>
      <button type="button" onClick={() => setItems((i) => [...i, { name: 'Tea', price: 5 }])}>
        Add tea
      </button>
    </main>
  );
}`,
      'src/data.ts': `export interface Item {
  name: string;
  price: number;
}

export const START: Item[] = [{ name: 'Cake', price: 10 }];`,
      'src/total.ts': `import type { Item } from './data';

export const total = (items: Item[]) => items.reduce((sum, i) => sum + i.price, 0);`,
    },
  },
  {
    id: 'react-list',
    language: 'JavaScript',
    prompt: 'Show a list of three fruits: Apple, Banana, Cherry.',
    check: { text: 'Cherry' },
    answer: `const FRUITS = ['Apple', 'Banana', 'Cherry'];

export default function App() {
  return (
    <ul className="p-6">
      {FRUITS.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}`,
  },
  {
    id: 'react-todo',
    language: 'JavaScript',
    prompt: 'A to-do list: "Add task" adds "Task 1" to the list.',
    check: { click: 'Add task', text: 'Task 1' },
    answer: `import { useState } from 'react';

export default function App() {
  const [tasks, setTasks] = useState([]);
  return (
    <main className="p-6">
      <button type="button" onClick={() => setTasks((t) => [...t, \`Task \${t.length + 1}\`])}>
        Add task
      </button>
      <ul>
        {tasks.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </main>
  );
}`,
  },
  {
    id: 'react-tabs',
    language: 'JavaScript',
    prompt: 'Two tabs, "Profile" and "Settings"; choosing Settings shows "Settings panel".',
    check: { click: 'Settings', text: 'Settings panel' },
    answer: `import { useState } from 'react';

export default function App() {
  const [tab, setTab] = useState('profile');
  return (
    <main className="p-6">
      <button type="button" onClick={() => setTab('profile')}>Profile</button>
      <button type="button" onClick={() => setTab('settings')}>Settings</button>
      <section>{tab === 'profile' ? 'Profile panel' : 'Settings panel'}</section>
    </main>
  );
}`,
  },
  {
    id: 'react-icons',
    language: 'JavaScript',
    prompt: 'A card with a star icon from lucide-react and the title "Favourites".',
    check: { text: 'Favourites' },
    answer: `import { Star } from 'lucide-react';

export default function App() {
  return (
    <article className="m-6 flex items-center gap-2 rounded-lg border p-4">
      <Star className="h-5 w-5 text-amber-500" />
      <h1 className="text-xl font-semibold">Favourites</h1>
    </article>
  );
}`,
  },
  {
    id: 'tsx-price',
    language: 'TypeScript',
    prompt: 'A typed React component that shows a price list with a total of "Total: 42".',
    check: { text: 'Total: 42' },
    answer: `interface Item {
  name: string;
  price: number;
}

const ITEMS: Item[] = [
  { name: 'Tea', price: 12 },
  { name: 'Cake', price: 30 },
];

export default function App() {
  const total = ITEMS.reduce((sum, i) => sum + i.price, 0);
  return (
    <main className="p-6">
      {ITEMS.map((i) => (
        <p key={i.name}>{i.name}: {i.price}</p>
      ))}
      <p className="font-bold">Total: {total}</p>
    </main>
  );
}`,
  },
  {
    id: 'tsx-counter',
    language: 'TypeScript',
    prompt: 'A typed counter component with a button "Increment" starting at 10.',
    check: { click: 'Increment', text: 'Value 11' },
    answer: `import { useState } from 'react';

export default function App() {
  const [n, setN] = useState<number>(10);
  return (
    <main className="p-6">
      <p>Value {n}</p>
      <button type="button" onClick={() => setN((v) => v + 1)}>Increment</button>
    </main>
  );
}`,
  },
  printer(
    'ts-fizzbuzz',
    'TypeScript',
    'Print FizzBuzz from 1 to 15.',
    'FizzBuzz',
    `for (let i = 1; i <= 15; i++) {
  const word = (i % 3 === 0 ? 'Fizz' : '') + (i % 5 === 0 ? 'Buzz' : '');
  console.log(word || String(i));
}`,
  ),
  printer(
    'ts-sum',
    'TypeScript',
    'Sum the numbers 1 to 100 and print "Sum: 5050".',
    'Sum: 5050',
    `const numbers: number[] = Array.from({ length: 100 }, (_, i) => i + 1);
const sum = numbers.reduce((a, b) => a + b, 0);
console.log(\`Sum: \${sum}\`);`,
  ),
  printer(
    'ts-sort',
    'TypeScript',
    'Sort names alphabetically and print them joined by commas.',
    'Ada, Grace, Linus',
    `const names: string[] = ['Linus', 'Ada', 'Grace'];
console.log([...names].sort().join(', '));`,
  ),
  printer(
    'ts-stack',
    'TypeScript',
    'A generic Stack class; push 1, 2, 3 and print the popped value.',
    'Popped 3',
    `class Stack<T> {
  private items: T[] = [];
  push(item: T): void {
    this.items.push(item);
  }
  pop(): T | undefined {
    return this.items.pop();
  }
}

const stack = new Stack<number>();
[1, 2, 3].forEach((n) => stack.push(n));
console.log(\`Popped \${stack.pop()}\`);`,
  ),
  printer(
    'ts-enum',
    'TypeScript',
    'An enum of directions; print the name of Direction.Up.',
    'Direction: Up',
    `enum Direction {
  Up,
  Down,
}

console.log(\`Direction: \${Direction[Direction.Up]}\`);`,
  ),
  printer(
    'ts-interface',
    'TypeScript',
    'A User interface and a function that prints "Hi, Ada (36)".',
    'Hi, Ada (36)',
    `interface User {
  name: string;
  age: number;
}

function describe(user: User): string {
  return \`Hi, \${user.name} (\${user.age})\`;
}

console.log(describe({ name: 'Ada', age: 36 }));`,
  ),
  {
    id: 'html-landing',
    language: 'HTML',
    prompt: 'A landing page with the heading "Welcome to Acme".',
    check: { text: 'Welcome to Acme' },
    answer: `<!doctype html>
<html lang="en">
  <head><title>Acme</title></head>
  <body>
    <h1>Welcome to Acme</h1>
    <p>Rockets, anvils and more.</p>
  </body>
</html>`,
  },
  {
    id: 'html-button',
    language: 'HTML',
    prompt: 'A page whose button "Say hi" writes "Hi there" below it.',
    check: { click: 'Say hi', text: 'Hi there' },
    answer: `<!doctype html>
<html lang="en">
  <body>
    <button id="b" type="button">Say hi</button>
    <p id="out"></p>
    <script>
      document.getElementById('b').addEventListener('click', () => {
        document.getElementById('out').textContent = 'Hi there';
      });
    </script>
  </body>
</html>`,
  },
  {
    id: 'html-table',
    language: 'HTML',
    prompt: 'A table of two planets with their moons; Mars has 2.',
    check: { text: 'Mars' },
    answer: `<!doctype html>
<html lang="en">
  <body>
    <table>
      <tr><th>Planet</th><th>Moons</th></tr>
      <tr><td>Earth</td><td>1</td></tr>
      <tr><td>Mars</td><td>2</td></tr>
    </table>
  </body>
</html>`,
  },
  {
    id: 'html-list',
    language: 'HTML',
    prompt: 'A shopping list page with Milk, Eggs and Bread.',
    check: { text: 'Bread' },
    answer: `<!doctype html>
<html lang="en">
  <body>
    <h1>Shopping</h1>
    <ul><li>Milk</li><li>Eggs</li><li>Bread</li></ul>
  </body>
</html>`,
  },
  {
    id: 'html-counter',
    language: 'HTML',
    prompt: 'A page with a "Plus" button that counts clicks, shown as "Clicks: 1" after one.',
    check: { click: 'Plus', text: 'Clicks: 1' },
    answer: `<!doctype html>
<html lang="en">
  <body>
    <p id="n">Clicks: 0</p>
    <button id="plus" type="button">Plus</button>
    <script>
      let n = 0;
      document.getElementById('plus').addEventListener('click', () => {
        n += 1;
        document.getElementById('n').textContent = 'Clicks: ' + n;
      });
    </script>
  </body>
</html>`,
  },
  printer(
    'py-fib',
    'Python',
    'Print the first ten Fibonacci numbers.',
    '[0, 1, 1, 2, 3, 5, 8, 13, 21, 34]',
    `def fib(n):
    a, b = 0, 1
    out = []
    for _ in range(n):
        out.append(a)
        a, b = b, a + b
    return out

print(fib(10))`,
  ),
  printer(
    'py-words',
    'Python',
    'Count the words of "the cat and the hat" and print the count of "the".',
    'the: 2',
    `from collections import Counter

counts = Counter("the cat and the hat".split())
print(f"the: {counts['the']}")`,
  ),
  printer(
    'py-class',
    'Python',
    'A Dog class whose speak() prints "Rex says woof".',
    'Rex says woof',
    `class Dog:
    def __init__(self, name):
        self.name = name

    def speak(self):
        print(f"{self.name} says woof")


Dog("Rex").speak()`,
  ),
  printer(
    'py-squares',
    'Python',
    'Print the squares of 1 to 5 with a list comprehension.',
    '[1, 4, 9, 16, 25]',
    `print([n * n for n in range(1, 6)])`,
  ),
  printer(
    'py-sort',
    'Python',
    'Sort a dict of scores by value and print the winner.',
    'Winner: Bo',
    `scores = {"Al": 3, "Bo": 9, "Cy": 5}
winner = max(scores, key=scores.get)
print(f"Winner: {winner}")`,
  ),
];

/** The scripted test model's answer for `[[eval:ID]]`, or null (model-server.mjs). */
export function evalAnswer(lastUserText) {
  const id = /\[\[eval:([\w-]+)\]\]/.exec(lastUserText)?.[1];
  const app = id ? EVAL_APPS.find((a) => a.id === id) : undefined;
  if (!app) return null;
  if (app.files) {
    const sections = Object.entries(app.files).map(
      ([path, content]) => `<file path="${path}">\n${content}\n</file>`,
    );
    return `Here is the app "${app.id}", in ${sections.length} files.\n\n${sections.join('\n\n')}\n`;
  }
  const tag = app.language === 'Python' ? 'python' : app.language === 'HTML' ? 'html' : 'tsx';
  return `Here is the app "${app.id}".\n\n\`\`\`${tag}\n${app.answer}\n\`\`\`\n`;
}
