import { Button } from "./button";
import { Dialog, DialogContent } from "./dialog";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Why the last attempt failed, in the reader's language, or null. */
  error: string | null;
  /** While the deletion runs: both buttons wait. */
  pending: boolean;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before something is deleted for good: an alert dialog with the failure, if any, and Cancel beside a red confirm. */
export function ConfirmDeleteDialog({ open, title, description, error, pending, cancelLabel, confirmLabel, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {open ? (
        <DialogContent role="alertdialog" title={title} description={description}>
          {error ? (
            <p role="alert" className="mb-4 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
