import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SAMPLE_FILE_ROWS } from '../../../core/config/operator';
import { toApiError } from '../../lib/api';

import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { useAuth } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';
import { ACCEPT_ATTRIBUTE, SAMPLE_MAX_BYTES, sendFormatRequest } from './import-api';

/** The sample's limit as the hint says it: "512 KB". */
const SAMPLE_LIMIT_TEXT = `${SAMPLE_MAX_BYTES / 1024} KB`;
/** A light check only: the server validates the address (contracts/imports.ts) and says what is wrong. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = { brokerName?: string; email?: string; notes?: string; file?: string; general?: string };

/**
 * "Broker not supported?": a sample file, the broker's name and notes for the team that adds
 * formats. Signed out (the public /brokers page) it also asks for an e-mail address to answer.
 * The default export, so the public page can load it on demand.
 */
export default function BrokerRequestForm({ idPrefix }: { idPrefix?: string }) {
  const { isAuthenticated, isLoading } = useAuth();
  const autoId = useId();
  const ids = idPrefix ?? autoId;
  const [brokerName, setBrokerName] = useState('');
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const needsEmail = !isLoading && !isAuthenticated;

  const send = useMutation({
    mutationFn: sendFormatRequest,
    onSuccess: (answer) => {
      const message = answer.message || 'Thanks — we’ll add your broker’s format and let you know.';
      setSent(message);
      toast({ title: 'Sample received', description: message });
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const fields = apiError.fields as Errors; // the server names the form's fields
      setErrors(Object.keys(fields).length > 0 ? fields : { general: apiError.message });
    },
  });

  // Checked here without the zod contract, so the public page's on-demand chunk stays small.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const name = brokerName.trim();
    const address = email.trim();
    if (name === '') next.brokerName = 'Broker name is required';
    if (needsEmail && address === '') next.email = 'Enter your e-mail address so we can reply';
    else if (needsEmail && !LOOKS_LIKE_EMAIL.test(address)) next.email = 'Please enter a valid email address';
    if (!file) next.file = 'Choose a sample file';
    else if (file.size === 0) next.file = 'The file is empty';
    else if (file.size > SAMPLE_MAX_BYTES)
      next.file = `The sample is larger than ${SAMPLE_LIMIT_TEXT}; keep ${SAMPLE_FILE_ROWS} rows.`;
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    send.mutate({
      file,
      brokerName: name,
      notes: notes.trim() || undefined,
      email: needsEmail ? address : undefined,
    });
  };

  if (sent)
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-accent/40 bg-accent-soft px-4 py-3 text-sm text-fg"
      >
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="font-semibold">Sample received</p>
          <p className="mt-0.5">{sent}</p>
          <button
            type="button"
            className="mt-2 font-semibold text-accent underline-offset-2 hover:underline"
            onClick={() => {
              setSent(null);
              setBrokerName('');
              setNotes('');
              setFile(null);
            }}
          >
            Send another broker
          </button>
        </div>
      </div>
    );

  const fileErrorId = `${ids}-file-error`;
  return (
    <form className="grid gap-4 text-left" onSubmit={onSubmit} noValidate aria-label="Request broker support">
      {errors.general && (
        <p role="alert" className="rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss">
          {errors.general}
        </p>
      )}
      <TextField
        id={`${ids}-broker`}
        label="Broker name"
        name="brokerName"
        autoComplete="off"
        required
        maxLength={120}
        value={brokerName}
        onChange={(e) => {
          setBrokerName(e.target.value);
          setErrors((p) => ({ ...p, brokerName: undefined, general: undefined }));
        }}
        error={errors.brokerName}
      />
      {needsEmail && (
        <TextField
          id={`${ids}-email`}
          label="Your e-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((p) => ({ ...p, email: undefined, general: undefined }));
          }}
          error={errors.email}
          hint="We reply when the format is added."
        />
      )}
      <div className="grid gap-1.5">
        <label htmlFor={`${ids}-file`} className="text-sm font-medium text-fg">
          Sample file
        </label>
        <input
          id={`${ids}-file`}
          name="file"
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          required
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${ids}-file-hint${errors.file ? ` ${fileErrorId}` : ''}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((p) => ({ ...p, file: undefined, general: undefined }));
          }}
          className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-line file:bg-elevated file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-sunken"
        />
        <p id={`${ids}-file-hint`} className="text-xs text-muted">
          {SAMPLE_FILE_ROWS} rows with the header line as it is, up to {SAMPLE_LIMIT_TEXT}. Blank out account numbers
          and names first.
        </p>
        {errors.file && (
          <p id={fileErrorId} role="alert" className="text-sm text-loss">
            {errors.file}
          </p>
        )}
      </div>
      <TextAreaField
        id={`${ids}-notes`}
        label="Notes (optional)"
        name="notes"
        maxLength={2000}
        className="[&_textarea]:min-h-20"
        placeholder="Where in the broker you exported it, which asset types it has…"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        error={errors.notes}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send sample'}
        </Button>
      </div>
    </form>
  );
}
