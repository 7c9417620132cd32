import { useState, type FormEvent } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { GoogleIcon } from './google-icon';
import type { EmulatorGoogleAccount } from './auth-api';

/** The local stack's stand-in for Google's account chooser (the Auth emulator has no real Google). */
export function EmulatorGoogleDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (account: EmulatorGoogleAccount) => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChoose({ email: email.trim().toLowerCase(), name: name.trim() || email.split('@')[0]! });
  };
  const field = 'w-full rounded-md border border-zinc-300 px-3 py-2 text-black focus:border-blue-500 focus:outline-none';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="bg-black/60"
      className="w-[min(92vw,26rem)] rounded-xl bg-white p-6 text-black shadow-2xl"
    >
      <div className="flex items-center gap-2">
        <GoogleIcon />
        <DialogTitle className="text-lg font-semibold">Choose a Google account</DialogTitle>
      </div>
      <DialogDescription className="mt-1 text-sm text-zinc-600">Local Auth emulator: any email signs in as a Google account.</DialogDescription>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <Field label="Google email" compact>
          <input className={field} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@gmail.com" />
        </Field>
        <Field label="Display name" compact>
          <input className={field} value={name} onChange={(e) => setName(e.target.value)} placeholder="Your Name" />
        </Field>
        <button type="submit" className="w-full rounded-md bg-blue-600 py-2 font-semibold text-white hover:bg-blue-500">
          Sign in with Google.com
        </button>
      </form>
    </Dialog>
  );
}
