import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A phone's sheet that slides up from the bottom, for a Radix `Dialog.Root` (the phone's "More"
 * menu, the filters): a title with a close button, a body that scrolls on its own, and an optional
 * footer that stays in view. `className` goes on the overlay and the sheet (`lg:hidden`).
 */
export function BottomSheet({
  title,
  description,
  isDescriptionShown = false,
  footer,
  className = '',
  children,
}: {
  title: string;
  description: string;
  /** Shown under the title; otherwise read by screen readers only. */
  isDescriptionShown?: boolean;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const safeBottom = 'pb-[calc(1rem+env(safe-area-inset-bottom))]';
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={`fixed inset-0 z-50 bg-ink/60 ${className}`} />
      <Dialog.Content
        className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl border-t border-line bg-elevated shadow-2xl focus:outline-none ${className}`}
      >
        <div className="flex items-center justify-between px-4 pt-4">
          <Dialog.Title className="text-base font-semibold text-fg">{title}</Dialog.Title>
          <Dialog.Close
            aria-label="Close"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-sunken hover:text-fg"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </div>
        <Dialog.Description className={isDescriptionShown ? 'px-4 text-xs text-muted' : 'sr-only'}>
          {description}
        </Dialog.Description>
        <div className={`min-h-0 flex-1 overflow-y-auto px-4 ${footer ? 'py-4' : `pt-2 ${safeBottom}`}`}>
          {children}
        </div>
        {footer && <div className={`border-t border-line px-4 pt-3 ${safeBottom}`}>{footer}</div>}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
