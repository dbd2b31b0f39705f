import { useEffect, useRef, type ReactNode } from 'react';
import { FileArchive, FolderUp } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export interface UploadButtonsProps {
  /** Writes a .zip's files into the project (absent: no button). */
  onUploadZip?: (zip: File) => Promise<unknown>;
  /** Writes a picked folder's files into the project (absent: no button). */
  onUploadFolder?: (files: File[]) => Promise<unknown>;
  /** Why nothing can be uploaded now; null when it can. */
  disabledReason: string | null;
  busy: boolean;
  /** Runs an upload of `name`, showing its failure. */
  upload: (name: string, run: () => Promise<unknown>) => void;
}

/** The file tree's Upload .zip and Upload folder buttons, each with its hidden file picker. */
export function UploadButtons({
  onUploadZip,
  onUploadFolder,
  disabledReason,
  busy,
  upload,
}: UploadButtonsProps) {
  const disabled = disabledReason !== null || busy;
  return (
    <>
      {onUploadZip ? (
        <PickerButton
          label="Upload a .zip of files"
          title={
            disabledReason ??
            'Upload a .zip: its files are added, or replace those of the same path'
          }
          icon={<FileArchive className="size-4" aria-hidden="true" />}
          disabled={disabled}
          accept=".zip,application/zip"
          testId="zip-input"
          onPick={([zip]) => zip && upload(zip.name, () => onUploadZip(zip))}
        />
      ) : null}
      {onUploadFolder ? (
        <PickerButton
          label="Upload a folder"
          title={
            disabledReason ??
            'Upload a folder: its text files are added, or replace those of the same path'
          }
          icon={<FolderUp className="size-4" aria-hidden="true" />}
          disabled={disabled}
          folder
          testId="folder-input"
          onPick={(picked) =>
            upload(`${picked[0]?.webkitRelativePath.split('/')[0] || 'The folder'}/`, () =>
              onUploadFolder(picked),
            )
          }
        />
      ) : null}
    </>
  );
}

interface PickerButtonProps {
  label: string;
  title: string;
  icon: ReactNode;
  disabled: boolean;
  /** The picker chooses a folder (every file below it) rather than a file. */
  folder?: boolean;
  accept?: string;
  testId: string;
  /** What was picked (never empty). */
  onPick: (files: File[]) => void;
}

/** An icon button opening a hidden file picker. */
function PickerButton({
  label,
  title,
  icon,
  disabled,
  folder,
  accept,
  testId,
  onPick,
}: PickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  // React has no prop for it.
  useEffect(() => {
    if (folder) input.current?.setAttribute('webkitdirectory', '');
  }, [folder]);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label={label}
        title={title}
      >
        {icon}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={folder}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          if (picked.length > 0) onPick(picked);
        }}
        data-testid={testId}
      />
    </>
  );
}
