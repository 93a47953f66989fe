import { Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';

/** The form and its validation load only when a visitor asks for them: the public page stays light. */
const BrokerRequestForm = lazy(() => import('./broker-request-form'));

/** "Send a sample file" on the public /brokers page: opens the broker request form in place. */
export function BrokerRequestLauncher() {
  const [isOpen, setIsOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that had focus is gone: focus goes to the form's heading instead of the page's top.
  useEffect(() => {
    if (isOpen) headingRef.current?.focus();
  }, [isOpen]);
  if (!isOpen)
    return (
      <Button size="lg" variant="secondary" onClick={() => setIsOpen(true)}>
        <Send className="h-4 w-4" aria-hidden="true" />
        Send a sample file
      </Button>
    );
  return (
    <div className="w-full max-w-xl rounded-2xl border border-line bg-elevated p-5 text-left shadow-sm sm:p-6">
      <h3 ref={headingRef} tabIndex={-1} className="font-bold text-fg focus:outline-none">
        Send a sample file
      </h3>
      <div className="mt-4">
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Loading the form…
            </p>
          }
        >
          <BrokerRequestForm idPrefix="brokers-request" />
        </Suspense>
      </div>
    </div>
  );
}
