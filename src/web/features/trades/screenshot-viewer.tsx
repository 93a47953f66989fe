import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, ExternalLink, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { ScreenshotJson } from '../../../contracts/screenshots';

const ICON_BUTTON =
  'rounded-lg p-2 text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-30 disabled:hover:bg-transparent';

/** Full-size view over the trade dialog: ← and → step through the trade's screenshots, Esc closes. */
export function ScreenshotViewer({
  screenshots,
  index,
  onIndexChange,
  onClose,
  onCloseAutoFocus,
}: {
  screenshots: ScreenshotJson[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes on close (there is no trigger for Radix to return it to). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const shot = index === null ? undefined : screenshots[index];
  const position = (index ?? 0) + 1;
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < screenshots.length - 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (index === null) return;
    if (event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault();
      onIndexChange(index - 1);
    } else if (event.key === 'ArrowRight' && hasNext) {
      event.preventDefault();
      onIndexChange(index + 1);
    }
  };
  return (
    <Dialog.Root
      open={shot !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/90" />
        <Dialog.Content
          data-testid="screenshot-viewer"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-[60] flex flex-col p-3 focus:outline-none sm:p-6"
        >
          <div className="flex items-center justify-between gap-3 text-white">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold">
                Screenshot {position} of {screenshots.length}
              </Dialog.Title>
              <Dialog.Description className={shot?.caption ? 'truncate text-sm text-white/80' : 'sr-only'}>
                {shot?.caption ||
                  'Full-size screenshot. Use the left and right arrow keys to move between screenshots.'}
              </Dialog.Description>
            </div>
            <div className="flex items-center gap-1">
              {shot && (
                <a
                  href={shot.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={ICON_BUTTON}
                  aria-label="Open the original in a new tab"
                >
                  <ExternalLink className="h-5 w-5" aria-hidden="true" />
                </a>
              )}
              <Dialog.Close className={ICON_BUTTON} aria-label="Close full-size view">
                <X className="h-5 w-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center gap-2 py-3">
            <button
              type="button"
              className={`${ICON_BUTTON} shrink-0`}
              onClick={() => index !== null && onIndexChange(index - 1)}
              disabled={!hasPrevious}
              aria-label="Previous screenshot"
            >
              <ChevronLeft className="h-7 w-7" aria-hidden="true" />
            </button>
            {shot && (
              <img
                key={shot.id}
                src={shot.url}
                alt={shot.caption || `Screenshot ${position} of ${screenshots.length}`}
                width={shot.width ?? undefined}
                height={shot.height ?? undefined}
                className="h-full min-h-0 w-full min-w-0 flex-1 object-contain"
              />
            )}
            <button
              type="button"
              className={`${ICON_BUTTON} shrink-0`}
              onClick={() => index !== null && onIndexChange(index + 1)}
              disabled={!hasNext}
              aria-label="Next screenshot"
            >
              <ChevronRight className="h-7 w-7" aria-hidden="true" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
