import { CodeBlock } from './code-block.tsx';

const STEPS = `# 1. Run it (Node.js 20.19+): serves http://localhost:3000, data under ./data
npm start

# 2. Point it at a model, e.g. a local Ollama (or set OPENAI_API_KEY / ANTHROPIC_API_KEY)
cp .env.example .env
echo "AI_PROVIDER=ollama" >> .env
echo "AI_MODEL_BASIC=qwen2.5-coder" >> .env
npm start

# 3. Open http://localhost:3000, click Get Started, sign up with email, then sign in
# 4. In the generator, describe what to build and press Enter`;

/** The quick-start of SPEC §2.8, matching how this product is really installed and used. */
export function QuickStart() {
  return (
    <section
      aria-labelledby="quick-start-title"
      className="overflow-hidden rounded-2xl border border-border bg-surface"
    >
      <div className="border-b border-border p-6">
        <h2 id="quick-start-title" className="text-xl font-semibold text-fg">
          Quick start
        </h2>
        <p className="mt-1.5 text-sm text-muted">
          From a fresh checkout to your first generated code in four steps.
        </p>
      </div>
      <CodeBlock code={STEPS} language="Shell" label="Quick start commands" />
    </section>
  );
}
