import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFrame } from '../trades/dialog-frame';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending,
  isConfirmDisabled = false,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Disables the confirm button without the pending label (e.g. while the summary loads). */
  isConfirmDisabled?: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={title} description={description} testId={testId}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          onClick={onConfirm}
          disabled={isPending || isConfirmDisabled}
          className="border-loss/60 text-loss"
        >
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
