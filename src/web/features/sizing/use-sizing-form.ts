import { useCallback, useState } from 'react';
import type { RiskMode } from '../../../core/sizing/position-size';
import type { SetSizingField } from './sizing-fields';
import { DEFAULT_SIZING_FORM, type SizingForm } from './sizing-form';

const RISK_STORAGE_KEY = 'edgebook.sizing.risk';

/** The last risk setting, shared by the page and the trade form's panel. */
function readRiskPreference(): Pick<SizingForm, 'riskMode' | 'risk'> {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(RISK_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === 'object' && parsed !== null) {
      const { riskMode, risk } = parsed as { riskMode?: unknown; risk?: unknown }; // each field checked below
      if ((riskMode === 'percent' || riskMode === 'amount') && typeof risk === 'string') return { riskMode, risk };
    }
  } catch {
    // NOTE: unreadable storage falls back to 1 %.
  }
  return { riskMode: DEFAULT_SIZING_FORM.riskMode, risk: DEFAULT_SIZING_FORM.risk };
}

function saveRiskPreference(riskMode: RiskMode, risk: string): void {
  try {
    window.localStorage.setItem(RISK_STORAGE_KEY, JSON.stringify({ riskMode, risk }));
  } catch {
    // NOTE: private mode may refuse storage; the setting then lasts for this visit.
  }
}

/** The calculator's inputs, starting from the remembered risk; risk changes are remembered. */
export function useSizingForm(initial: Partial<SizingForm> = {}): [SizingForm, SetSizingField] {
  const [form, setForm] = useState<SizingForm>(() => ({ ...DEFAULT_SIZING_FORM, ...readRiskPreference(), ...initial }));
  const set = useCallback<SetSizingField>((key, value) => {
    setForm((prev) => {
      const next = { ...prev, [key]: value };
      if (key === 'risk' || key === 'riskMode') saveRiskPreference(next.riskMode, next.risk);
      return next;
    });
  }, []);
  return [form, set];
}
