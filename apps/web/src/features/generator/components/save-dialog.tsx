import { useId, useRef, useState, type FormEvent } from 'react';
import { PLAN_LIMITS, PROJECT_NAME_MAX_LENGTH, type ProjectVisibility } from '@codewright/contract';
import { Loader2, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { countLines } from '../chat.ts';
import { SaveDestination, useSaveTarget } from '../../teams/index.ts';

/** Where and how a save goes (docs/decisions/032); absent fields keep the server's default. */
export interface SaveOptions {
  /** A new project's workspace. */
  workspaceId?: string;
  /** Asked only on plans with private projects. */
  visibility?: ProjectVisibility;
}

export interface SaveDialogProps {
  open: boolean;
  /** The signed-in user and the saved project (null when new): where the save goes. */
  userId: string;
  projectId: string | null;
  onClose: () => void;
  /** True once the project exists: the dialog says Update. */
  updating: boolean;
  initialName: string;
  language: string;
  code: string;
  saving: boolean;
  /** Resolves true when saved; the dialog then closes. On false it stays open with the name. */
  onSave: (name: string, options?: SaveOptions) => Promise<boolean>;
}

/**
 * Save / Update Project (SPEC §2.12): name, read-only language and lines of code, then the
 * workspace it saves to and whether it is public (SPEC §2.7, §6).
 */
export function SaveDialog({
  open,
  userId,
  projectId,
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
  const countId = useId();
  const target = useSaveTarget(userId, projectId, open);
  const [chosen, setChosen] = useState<ProjectVisibility | null>(null);
  // Each opening starts from the project's visibility, or private for a new one (SPEC §6).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChosen(null);
  }
  const visibility: ProjectVisibility =
    chosen ?? (target.status === 'ready' ? target.visibility : null) ?? 'private';

  // A new project waits for its workspace; an update saves at once (its visibility unchanged).
  const waiting = target.status === 'loading' && !projectId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || waiting) return;
    const options: SaveOptions = {};
    if (target.status === 'ready') {
      if (!projectId) options.workspaceId = target.workspace.id;
      const changed = !projectId || visibility !== target.visibility;
      if (PLAN_LIMITS[target.workspace.plan].privateProjects && changed) {
        options.visibility = visibility;
      }
    }
    if (await onSave(name, options)) onClose();
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
          // The server's limit (docs/api.md: name 1–100 characters), held at the input.
          maxLength={PROJECT_NAME_MAX_LENGTH}
          aria-describedby={countId}
          disabled={saving}
        />
        <p id={countId} className="-mt-2.5 text-right text-xs text-muted tabular-nums">
          {name.length} / {PROJECT_NAME_MAX_LENGTH} characters
        </p>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Language" value={language} readOnly className="text-muted" />
          <TextField
            label="Lines of Code"
            value={String(countLines(code))}
            readOnly
            className="text-muted tabular-nums"
          />
        </div>
        <SaveDestination
          target={target}
          visibility={visibility}
          onVisibility={setChosen}
          disabled={saving}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !name.trim() || waiting}>
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
