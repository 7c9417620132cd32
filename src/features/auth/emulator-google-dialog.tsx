import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
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
  const field = 'w-full rounded-md border border-zinc-300 px-3 py-2 text-zinc-900 focus:border-blue-500 focus:outline-none';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-zinc-900 shadow-2xl">
          <div className="flex items-center gap-2">
            <GoogleIcon />
            <Dialog.Title className="text-lg font-semibold">Choose a Google account</Dialog.Title>
          </div>
          <Dialog.Description className="mt-1 text-sm text-zinc-600">
            Local Auth emulator: any email signs in as a Google account.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <label className="block space-y-1 text-sm">
              <span>Google email</span>
              <input className={field} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@gmail.com" />
            </label>
            <label className="block space-y-1 text-sm">
              <span>Display name</span>
              <input className={field} value={name} onChange={(e) => setName(e.target.value)} placeholder="Your Name" />
            </label>
            <button type="submit" className="w-full rounded-md bg-blue-600 py-2 font-semibold text-white hover:bg-blue-500">
              Sign in with Google.com
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
