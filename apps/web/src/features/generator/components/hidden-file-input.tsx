import { forwardRef } from 'react';

export interface HiddenFileInputProps {
  accept: string;
  /** For the e2e specs, which set files on the input directly. */
  testId: string;
  /** The chosen file; the input is emptied at once, so the same file can be chosen again. */
  onFile: (file: File) => void;
}

/** A file input kept out of sight and out of the tab order: a button opens it (`ref.click()`). */
export const HiddenFileInput = forwardRef<HTMLInputElement, HiddenFileInputProps>(
  function HiddenFileInput({ accept, testId, onFile }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    );
  },
);
