import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, useToast } from '../../lib/use-toast';

/**
 * The toast area: F8 focuses it (Radix's default hotkey). It sits at the top, where an open
 * dialog's footer buttons (Close, Save) never are, and off the top-right corner, where the dialog's
 * close button is: on a phone the right 4.5rem stay free; from 640 px up it is centred and at most
 * 384 px wide, clear of the corner of the narrowest (512 px) dialog. The empty area lets clicks
 * through to the header under it; only a toast itself takes them.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg ${
            t.variant === 'destructive' ? 'border-loss bg-loss text-white' : 'border-line bg-elevated text-fg'
          }`}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          {t.action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed left-0 right-[4.5rem] top-0 z-[100] flex max-h-screen flex-col p-4 sm:left-1/2 sm:right-auto sm:w-full sm:max-w-sm sm:-translate-x-1/2"
      />
    </ToastPrimitive.Provider>
  );
}
