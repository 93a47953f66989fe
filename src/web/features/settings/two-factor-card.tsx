import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorSetupJson } from '../../../contracts/security';
import { formatDate } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';

const STATUS_KEY = ['/api/auth/2fa'] as const;

/** "JBSW Y3DP …": the secret in groups of four, easier to type into an app by hand. */
const toGroups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth URL as a QR code image (a data: URL), drawn in the browser: the secret goes nowhere else. */
function useQrCode(otpauthUrl: string | null): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!otpauthUrl) return;
    let isCurrent = true;
    void import('qrcode').then(async (qr) => {
      const url = await qr.toDataURL(otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
      if (isCurrent) setDataUrl(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [otpauthUrl]);
  return otpauthUrl ? dataUrl : null;
}

/** The codes shown once, after enabling or regenerating, with a way to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`Edgebook recovery codes (each works once)\n\n${codes.join('\n')}\n`], {
      type: 'text/plain',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'edgebook-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <div role="status" className="mt-4 rounded-lg border border-gain/40 bg-accent-soft p-4 text-sm text-fg">
      <p className="font-semibold">Save your recovery codes now: they are not shown again.</p>
      <p className="mt-1 text-muted">
        If you lose your phone, each code signs you in once instead of a code from the app.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function Enrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupJson;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const qr = useQrCode(setup.otpauthUrl);
  const enable = useMutation({
    mutationFn: (body: { code: string }) => api('POST /api/auth/2fa/enable', { body }),
    onSuccess: (answer) => onEnabled(answer.recoveryCodes),
    onError: (err) => {
      const failure = toApiError(err);
      setError(failure.fields.code ?? failure.message);
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    enable.mutate({ code: code.trim() });
  };

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-[auto_1fr] md:items-start">
      <div className="justify-self-start rounded-lg bg-white p-2">
        {qr ? (
          <img src={qr} width={200} height={200} alt="QR code to scan with your authenticator app" />
        ) : (
          <div className="h-[200px] w-[200px]" aria-hidden="true" />
        )}
      </div>
      <div className="grid max-w-md gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm text-fg">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>
            Can’t scan it? Enter this key by hand:
            <code data-testid="totp-secret" className="mt-1 block break-all font-mono text-sm font-semibold">
              {toGroups(setup.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <form className="grid gap-3" onSubmit={onSubmit} aria-label="Confirm two-factor sign-in" noValidate>
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            disabled={enable.isPending}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={enable.isPending || code.trim() === ''}>
              {enable.isPending ? 'Turning on...' : 'Turn on'}
            </Button>
            <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Password and a code: the form that turns two-factor off, or (code only) makes new recovery codes. */
function CodeForm({
  label,
  needsPassword,
  pendingLabel,
  onSubmit,
  onCancel,
  isPending,
  errors,
}: {
  label: string;
  needsPassword: boolean;
  pendingLabel: string;
  onSubmit: (values: { password: string; code: string }) => void;
  onCancel: () => void;
  isPending: boolean;
  errors: { password?: string; code?: string; general?: string };
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      className="mt-4 grid max-w-md gap-3"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ password, code: code.trim() });
      }}
    >
      {errors.general && (
        <p role="alert" className="text-sm text-loss">
          {errors.general}
        </p>
      )}
      {needsPassword && (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          disabled={isPending}
        />
      )}
      <TextField
        label={needsPassword ? 'Code from the app, or a recovery code' : 'Code from the app'}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        disabled={isPending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending || code === '' || (needsPassword && password === '')}>
          {isPending ? pendingLabel : label}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type Mode = 'idle' | 'enrolling' | 'regenerating' | 'disabling';

/** Settings → Security: two-factor sign-in with an authenticator app, and its recovery codes. */
export function TwoFactorCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const { data: status, isLoading } = useQuery(apiQuery('GET /api/auth/2fa'));
  const [mode, setMode] = useState<Mode>('idle');
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<{ password?: string; code?: string; general?: string }>({});
  const [setup, setSetup] = useState<TwoFactorSetupJson | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const toErrors = (err: unknown) => {
    const failure = toApiError(err);
    const { password, code } = failure.fields;
    setErrors(password || code ? { password, code } : { general: failure.message });
  };

  const start = useMutation({
    mutationFn: () => api('POST /api/auth/2fa/setup'),
    onSuccess: (answer) => {
      setSetup(answer);
      setMode('enrolling');
    },
    onError: toErrors,
  });
  const regenerate = useMutation({
    mutationFn: (body: { code: string }) => api('POST /api/auth/2fa/recovery-codes', { body }),
    onSuccess: async (answer) => {
      setShownCodes(answer.recoveryCodes);
      setMode('idle');
      await refresh();
    },
    onError: toErrors,
  });
  const disable = useMutation({
    mutationFn: (body: { password: string; code: string }) => api('POST /api/auth/2fa/disable', { body }),
    onSuccess: async () => {
      setMode('idle');
      toast({ title: 'Two-factor sign-in is off' });
      await refresh();
    },
    onError: toErrors,
  });

  const go = (next: Mode) => {
    setErrors({});
    setShownCodes(null);
    setMode(next);
  };

  return (
    <Card id="security">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <ShieldCheck className="h-5 w-5 text-accent" aria-hidden="true" />
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-muted">
        After your password, signing in asks for a code from an authenticator app on your phone.
      </p>
      {isLoading || !status ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading...
        </p>
      ) : status.isEnabled ? (
        <>
          <p className="mt-4 text-sm text-fg" data-testid="two-factor-status">
            <span className="font-semibold text-gain">On</span>
            {status.enabledAt && ` since ${formatDate(status.enabledAt, timeZone)}`} · {status.recoveryCodesLeft}{' '}
            recovery {status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left
          </p>
          {mode === 'idle' && !shownCodes && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => go('regenerating')}>
                New recovery codes
              </Button>
              <Button variant="secondary" size="sm" onClick={() => go('disabling')}>
                Turn off
              </Button>
            </div>
          )}
          {mode === 'regenerating' && (
            <CodeForm
              label="Make new recovery codes"
              pendingLabel="Making..."
              needsPassword={false}
              isPending={regenerate.isPending}
              errors={errors}
              onCancel={() => go('idle')}
              onSubmit={({ code }) => regenerate.mutate({ code })}
            />
          )}
          {mode === 'disabling' && (
            <CodeForm
              label="Turn off two-factor"
              pendingLabel="Turning off..."
              needsPassword
              isPending={disable.isPending}
              errors={errors}
              onCancel={() => go('idle')}
              onSubmit={(values) => disable.mutate(values)}
            />
          )}
        </>
      ) : mode === 'enrolling' && setup ? (
        <Enrolment
          setup={setup}
          onCancel={() => go('idle')}
          onEnabled={(codes) => {
            setShownCodes(codes);
            setMode('idle');
            toast({ title: 'Two-factor sign-in is on' });
            void refresh();
          }}
        />
      ) : (
        <>
          <p className="mt-4 text-sm text-fg" data-testid="two-factor-status">
            <span className="font-semibold">Off</span>
          </p>
          {errors.general && (
            <p role="alert" className="mt-2 text-sm text-loss">
              {errors.general}
            </p>
          )}
          <div className="mt-3">
            <Button
              onClick={() => {
                go('idle');
                start.mutate();
              }}
              disabled={start.isPending}
            >
              {start.isPending ? 'Preparing...' : 'Turn on two-factor sign-in'}
            </Button>
          </div>
        </>
      )}
      {shownCodes && <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />}
    </Card>
  );
}
