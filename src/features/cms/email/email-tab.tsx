import { useState } from 'react';
import { FileText, Gift, Info, Mail, Send, Settings, Users } from 'lucide-react';
import { EMAIL_MSG } from '@common/email-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useApiRead } from '@/hooks/use-api-read';
import { notifyError, notifySuccess } from '@/lib/notify';
import { CampaignDialog, type CampaignVariant } from './email-campaign-dialog';
import { loadTemplates, sendTestEmail } from './email-api';
import { EmailLogsPanel } from './email-logs-panel';
import { EmailTemplatesPanel } from './email-templates-panel';

const action = 'inline-flex items-center justify-center gap-2 px-4 py-3 font-medium hover:bg-zinc-800 disabled:opacity-50 aria-expanded:border-fuchsia-500 aria-expanded:text-fuchsia-200';

type Panel = 'logs' | 'templates' | null;

/** The Email System tab: the templates, a test email, campaigns to every subscribed user, the logs and the template editor. */
export function EmailTab() {
  const templates = useApiRead((signal) => loadTemplates(signal), [], { onError: (err) => notifyError(EMAIL_MSG.loadTemplatesFailed, err) });
  const [testing, setTesting] = useState(false);
  const [campaign, setCampaign] = useState<CampaignVariant | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (p: Exclude<Panel, null>) => setPanel((cur) => (cur === p ? null : p));

  const sendTest = async () => {
    setTesting(true);
    try {
      const res = await sendTestEmail();
      notifySuccess(EMAIL_MSG.testSent(res.to));
    } catch (err) {
      notifyError(EMAIL_MSG.testFailed, err);
    } finally {
      setTesting(false);
    }
  };

  const items = templates.data?.items ?? [];
  return (
    <Card className="space-y-6 p-6" aria-labelledby="email-system">
      <h2 id="email-system" className="flex items-center gap-2 text-xl font-bold">
        <Mail className="size-5 text-fuchsia-400" aria-hidden /> {EMAIL_MSG.heading}
      </h2>
      <p className="flex items-start gap-2 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4 text-sm text-emerald-100">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {EMAIL_MSG.connected}
      </p>
      <div>
        <h3 className="font-semibold">Templates</h3>
        {templates.loading && !items.length ? (
          <p className="mt-3 text-zinc-400">Loading...</p>
        ) : !items.length ? (
          <p className="mt-3 text-zinc-400">{EMAIL_MSG.loadTemplatesFailed}</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-3">
            {items.map((t) => (
              <li key={t.name} className="rounded-xl bg-zinc-950/60 p-4">
                <p className="flex items-center gap-2 font-medium">
                  <FileText className="size-4 text-violet-300" aria-hidden /> {t.label}
                </p>
                <p className="mt-1 text-sm text-zinc-400">{t.use}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Button look="secondary" className={action} disabled={testing} onClick={() => void sendTest()}>
          <Send className="size-4" aria-hidden /> {testing ? 'Sending...' : 'Send Test Email'}
        </Button>
        <Button look="secondary" className={action} onClick={() => setCampaign('message')}>
          <Users className="size-4" aria-hidden /> Email All Users
        </Button>
        <Button look="secondary" className={action} onClick={() => setCampaign('coupon')}>
          <Gift className="size-4" aria-hidden /> Send Coupon Email
        </Button>
        <Button look="secondary" className={action} aria-expanded={panel === 'logs'} aria-controls="email-panel" onClick={() => toggle('logs')}>
          <FileText className="size-4" aria-hidden /> View Email Logs
        </Button>
        <Button look="secondary" className={action} aria-expanded={panel === 'templates'} aria-controls="email-panel" disabled={!items.length} onClick={() => toggle('templates')}>
          <Settings className="size-4" aria-hidden /> Configure Templates
        </Button>
      </div>
      <div id="email-panel">
        {panel === 'logs' ? <EmailLogsPanel /> : null}
        {panel === 'templates' && items.length ? <EmailTemplatesPanel templates={items} onChange={templates.reload} /> : null}
      </div>
      {campaign ? <CampaignDialog variant={campaign} onClose={() => setCampaign(null)} /> : null}
    </Card>
  );
}
