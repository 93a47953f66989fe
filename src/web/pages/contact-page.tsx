import { useState, type FormEvent } from 'react';
import { Clock, FileSpreadsheet, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { BROKER_FORMAT_TURNAROUND_HOURS, CONTACT_RESPONSE_HOURS, SAMPLE_FILE_ROWS } from '../../core/config/operator';
import { PageHero, PublicLayout } from '../components/layout/public-layout';
import { Button } from '../components/ui/button';
import { Card, Container } from '../components/ui/card';
import { TextAreaField, TextField } from '../components/ui/field';
import { api } from '../lib/api';
import { usePublicConfig } from '../lib/public-config';
import { toast } from '../lib/use-toast';

type ContactForm = { name: string; email: string; subject: string; message: string };
const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  const { supportEmail } = usePublicConfig();
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [isSending, setIsSending] = useState(false);

  const update = (field: keyof ContactForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSending(true);
    try {
      await api('POST /api/contact', { body: form });
      toast({
        title: 'Message sent successfully!',
        description: `We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
      });
      setForm(EMPTY);
    } catch {
      toast({
        title: 'Error sending message',
        description: `Please try again or email us directly at ${supportEmail}`,
        variant: 'destructive',
      });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Contact"
        title="Talk to a human who trades"
        intro="Questions about your account, a broker file that will not import, or billing: write to us."
      />
      <Container className="grid gap-8 py-14 lg:grid-cols-[1.4fr_1fr]">
        <Card>
          <h2 className="text-xl font-bold text-fg">Send us a message</h2>
          <form className="mt-6 grid gap-4" onSubmit={onSubmit} aria-label="Contact form">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Name"
                name="name"
                autoComplete="name"
                required
                value={form.name}
                onChange={update('name')}
                disabled={isSending}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={update('email')}
                disabled={isSending}
              />
            </div>
            <TextField
              label="Subject"
              name="subject"
              required
              value={form.subject}
              onChange={update('subject')}
              disabled={isSending}
            />
            <TextAreaField
              label="Message"
              name="message"
              required
              rows={6}
              value={form.message}
              onChange={update('message')}
              disabled={isSending}
            />
            <div>
              <Button type="submit" disabled={isSending}>
                {isSending ? 'Sending...' : 'Send Message'}
              </Button>
            </div>
          </form>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <Mail className="h-6 w-6 text-accent" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-fg">Email support</h2>
            <p className="mt-1 text-muted">Prefer your own mail client? Write to us directly.</p>
            <a
              href={`mailto:${supportEmail}`}
              className="mt-3 inline-block font-semibold text-accent underline-offset-2 hover:underline"
            >
              {supportEmail}
            </a>
          </Card>
          <Card>
            <Clock className="h-6 w-6 text-accent" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-fg">Response time</h2>
            <p className="mt-1 text-muted">
              We answer every message within {CONTACT_RESPONSE_HOURS} hours on business days. Premium members get
              priority email support.
            </p>
          </Card>
          <Card>
            <FileSpreadsheet className="h-6 w-6 text-accent" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-fg">Broker CSV support</h2>
            <p className="mt-1 text-muted">
              Broker not on the{' '}
              <Link href="/brokers" className="text-accent underline underline-offset-2">
                supported list
              </Link>
              ? Send a sample export of {SAMPLE_FILE_ROWS} rows with account numbers and other sensitive data removed,
              and we add the format within {BROKER_FORMAT_TURNAROUND_HOURS} hours.
            </p>
          </Card>
        </div>
      </Container>
    </PublicLayout>
  );
}
