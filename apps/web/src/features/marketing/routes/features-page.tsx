import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { FEATURES } from '../feature-list.ts';

/** /features (SPEC §2.5); bullet details and the closing call to action come with the marketing issue. */
export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <>
      <PageHeader eyebrow="Features" title="Built for how developers actually work">
        Codewright turns plain-language requests into code, edits it by conversation and keeps every
        version, so you can move fast without losing track.
      </PageHeader>
      <PageSection>
        <FeatureGrid features={FEATURES} />
      </PageSection>
    </>
  );
}
