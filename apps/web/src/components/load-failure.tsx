import { Button } from './ui/button.tsx';
import { cn } from './ui/cn.ts';

/** Why a load failed, announced as an alert, with a "Try again" button that loads again. */
export function LoadFailure({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn(className, 'text-sm text-red-300')}>
      {message}{' '}
      <Button variant="outline" size="sm" className="ml-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
