import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The Settings screen in outline while auth or the account loads. */
export function SettingsSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14" aria-hidden="true">
      <Skeleton className="h-9 w-40" />
      <Skeleton className="mt-3 h-4 w-64" />
      <div className="mt-10 space-y-4">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="space-y-3 p-5 sm:p-6">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-10 w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}
