import type { ReactNode } from 'react';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-2xl space-y-5 text-[15px] leading-relaxed text-muted [&_h2]:pt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-fg">
      {children}
    </div>
  );
}

/** /terms: short and honest, this is self-hosted software. */
export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <>
      <PageHeader title="Terms of Service" />
      <PageSection>
        <Prose>
          <p>
            Codewright is software you or your organisation runs. Whoever operates this instance is
            responsible for how it is offered to you; these terms describe the software's defaults.
          </p>
          <h2>Your code</h2>
          <p>
            The code you generate and save is yours. The AI model may make mistakes: review
            generated code before you use it, as you would any contribution.
          </p>
          <h2>Fair use</h2>
          <p>
            Plans come with monthly limits. Do not use the service to attack systems or to break the
            law.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}

/** /privacy: what the software stores and where. */
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <PageSection>
        <Prose>
          <p>
            This instance stores your account (email and a hashed password), your projects and your
            chat history in its own database. It loads no third-party scripts, fonts or trackers.
          </p>
          <h2>AI requests</h2>
          <p>
            Prompts and the code they refer to are sent to the AI model this instance is configured
            with. Ask the operator which provider that is.
          </p>
          <h2>Your choices</h2>
          <p>
            You can delete your projects at any time from the dashboard. Signing out removes your
            session from this browser.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
