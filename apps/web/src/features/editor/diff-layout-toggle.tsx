import { Columns2, Rows2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/**
 * The diff editor's layout switch: side by side, or inline (the removed lines above the added).
 * Hidden where the column is too narrow for two sides, which then shows inline anyway.
 */
export function DiffLayoutToggle({
  sideBySide,
  onChange,
}: {
  sideBySide: boolean;
  onChange: (sideBySide: boolean) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => onChange(!sideBySide)}
      aria-pressed={sideBySide}
      title={sideBySide ? 'Show inline' : 'Show side by side'}
      className="@max-[36rem]:hidden"
    >
      {sideBySide ? (
        <Rows2 className="size-4" aria-hidden="true" />
      ) : (
        <Columns2 className="size-4" aria-hidden="true" />
      )}
      {sideBySide ? 'Inline' : 'Side by side'}
    </Button>
  );
}
