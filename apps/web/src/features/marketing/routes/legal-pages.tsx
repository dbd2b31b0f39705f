import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN_LIMITS, REFUND_DAYS } from '@codewright/contract';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-2xl space-y-5 text-[15px] leading-relaxed text-muted [&_a]:text-violet-200 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:pt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-fg [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-fg [&_ul]:space-y-2">
      {children}
    </div>
  );
}

/** /terms: short and honest; this is self-hosted software run by an operator. */
export function TermsPage() {
  usePageMeta(
    'Terms of Service',
    'The terms for using this Codewright instance: your code stays yours, review AI output, fair use of monthly limits, and self-serve plans.',
  );
  return (
    <>
      <PageHeader title="Terms of Service" />
      <PageSection>
        <Prose>
          <p>
            Codewright is software that you or your organisation runs. Whoever operates this
            instance (the <strong>operator</strong>) is responsible for offering it to you; these
            terms describe how the software works by default. If the operator gives you other terms,
            theirs apply.
          </p>
          <h2>Your account</h2>
          <p>
            You need an account to use the dashboard and the generator. Keep your password to
            yourself; you are responsible for what is done with your account. Sessions end when you
            sign out.
          </p>
          <h2>Your code</h2>
          <p>
            The prompts you write and the code you generate and save are yours. The AI model can be
            wrong: review generated code before you use it, as you would any contribution, and check
            licences of anything it reproduces.
          </p>
          <h2>Plans and limits</h2>
          <ul>
            <li>
              The Free plan includes {PLAN_LIMITS.free.generationsPerMonth} generations,{' '}
              {PLAN_LIMITS.free.editsPerMonth} edits and {PLAN_LIMITS.free.maxProjects} projects per
              month; Pro and Enterprise have no such limits.
            </li>
            <li>
              Choosing a plan on the <Link to="/pricing">pricing page</Link> switches it at once.
              This software takes no payments; if the operator bills you, a {REFUND_DAYS}-day refund
              applies to paid plans.
            </li>
            <li>Usage counters reset at the start of each calendar month.</li>
          </ul>
          <h2>Fair use</h2>
          <p>
            Do not use the service to break the law, to attack or probe systems you do not own, to
            write malware, or to get around the limits of your plan. The operator may suspend
            accounts that do.
          </p>
          <h2>No warranty</h2>
          <p>
            The software is provided as is, without warranty of any kind. Neither its authors nor
            the operator are liable for damage caused by generated code or by the service being
            unavailable.
          </p>
          <h2>Questions</h2>
          <p>
            Ask the operator of this instance. See also the{' '}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}

/** /privacy: what the software stores, where, and what leaves the server. */
export function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    'What this Codewright instance stores — account, projects, chat history, usage and first-party analytics — where it is kept, and what is sent to the AI model.',
  );
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <PageSection>
        <Prose>
          <p>
            Everything below is stored in this instance’s own database and file storage, run by its
            operator. The app loads no third-party scripts, fonts, trackers or advertising.
          </p>
          <h2>What is stored</h2>
          <ul>
            <li>
              <strong>Account:</strong> your email, an optional display name and a hashed password
              (never the password itself).
            </li>
            <li>
              <strong>Work:</strong> your projects, their chat history and files you upload.
            </li>
            <li>
              <strong>Plan and usage:</strong> your plan and how many generations and edits you used
              this month.
            </li>
            <li>
              <strong>Analytics (first-party):</strong> page views and call-to-action clicks, with
              the page path, the referring page, screen width, campaign (utm) parameters, a random
              session id that renews after 30 minutes of inactivity, and your user id when you are
              signed in.
            </li>
          </ul>
          <h2>Do Not Track</h2>
          <p>
            If your browser sends Do Not Track or Global Privacy Control, no analytics events or
            click records are sent at all.
          </p>
          <h2>In your browser</h2>
          <p>
            No cookies are set. Your sign-in tokens and the analytics session id are kept in your
            browser’s local storage and removed when you sign out or clear site data.
          </p>
          <h2>AI requests</h2>
          <p>
            Prompts, the code they refer to and images you upload for analysis are sent to the AI
            model this instance is configured with (for example OpenAI, Anthropic or a local model).
            Ask the operator which provider that is and under which terms.
          </p>
          <h2>Your choices</h2>
          <p>
            Delete projects at any time from the dashboard. To have your account and data removed,
            ask the operator of this instance. See also the{' '}
            <Link to="/terms">Terms of Service</Link>.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
