import { z } from 'zod';
import { safeText } from './input-policy';

const required = (label: string, max: number, multiline = false) =>
  safeText({ error: `${label} is required`, multiline })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/contact: all four fields required, a valid e-mail address. */
export const contactRequestSchema = z.object({
  name: required('Name', 200),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Email must be a valid email address').max(320)),
  subject: required('Subject', 300),
  message: required('Message', 10_000, true),
});

export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** `POST /api/contact` (201): the stored message's id (the page does not read it). */
export const contactJsonSchema = z.object({ id: z.string() });
