import { useRef, useState, type FormEvent } from 'react';
import { Loader2, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { countLines } from '../chat.ts';

export interface SaveDialogProps {
  open: boolean;
  onClose: () => void;
  /** True once the project exists: the dialog says Update. */
  updating: boolean;
  initialName: string;
  language: string;
  code: string;
  saving: boolean;
  /** Resolves true when saved; the dialog then closes. On false it stays open with the name. */
  onSave: (name: string) => Promise<boolean>;
}

/** Save / Update Project (SPEC §2.12): name, read-only language and lines of code. */
export function SaveDialog({
  open,
  onClose,
  updating,
  initialName,
  language,
  code,
  saving,
  onSave,
}: SaveDialogProps) {
  const [name, setName] = useState(initialName);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (await onSave(name)) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onClose();
      }}
      title={updating ? 'Update Project' : 'Save Project'}
      description={
        updating
          ? 'Save your latest code and chat to this project.'
          : 'Keep this code and its chat in your projects.'
      }
      initialFocusRef={nameRef}
      closeDisabled={saving}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          ref={nameRef}
          label="Project Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Todo App, Landing Page"
          maxLength={200}
          disabled={saving}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Language" value={language} readOnly className="text-muted" />
          <TextField
            label="Lines of Code"
            value={String(countLines(code))}
            readOnly
            className="text-muted tabular-nums"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !name.trim()}>
            {saving ? (
              <>
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                Saving...
              </>
            ) : (
              <>
                <Save className="size-4" aria-hidden="true" />
                {updating ? 'Update' : 'Save'}
              </>
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
