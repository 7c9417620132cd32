import { FileText, Info, Mail, Send, Settings, Users } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const TEMPLATES = [
  { name: 'Welcome Email', use: 'Sent to new users after signup' },
  { name: 'Admin Invite', use: 'Sent to a user who is invited to help run the platform as an admin' },
  { name: 'Coupon Email', use: 'For promotional coupons' },
] as const;

const action = buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-4 py-3 font-medium text-zinc-500');

/** Static, as in the spec: the connected service, the templates, and buttons that do nothing yet. */
export function EmailTab() {
  return (
    <Card className="space-y-6 p-6" aria-labelledby="email-system">
      <h2 id="email-system" className="flex items-center gap-2 text-xl font-bold">
        <Mail className="size-5 text-fuchsia-400" aria-hidden /> Email System
      </h2>
      <p className="flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm text-amber-100">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        The email service connects here: the templates below are what it sends. This build does not send email yet, so the buttons are
        inactive.
      </p>
      <div>
        <h3 className="font-semibold">Templates</h3>
        <ul className="mt-3 grid gap-3 md:grid-cols-3">
          {TEMPLATES.map((t) => (
            <li key={t.name} className="rounded-xl bg-zinc-950/60 p-4">
              <p className="flex items-center gap-2 font-medium">
                <FileText className="size-4 text-violet-300" aria-hidden /> {t.name}
              </p>
              <p className="mt-1 text-sm text-zinc-400">{t.use}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <button type="button" disabled className={action}>
          <Send className="size-4" aria-hidden /> Send Test Email
        </button>
        <button type="button" disabled className={action}>
          <Users className="size-4" aria-hidden /> Email All Users
        </button>
        <button type="button" disabled className={action}>
          <FileText className="size-4" aria-hidden /> View Email Logs
        </button>
        <button type="button" disabled className={action}>
          <Settings className="size-4" aria-hidden /> Configure Templates
        </button>
      </div>
    </Card>
  );
}
