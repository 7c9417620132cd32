import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useFocusRescue } from '@/lib/use-focus-rescue';

const PLACEMENT = {
  center: 'left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2',
  right: 'inset-y-0 right-0',
} as const;

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Centred (the default) or a sheet sliding in from the right. */
  placement?: keyof typeof PLACEMENT;
  /** The overlay's dimming. */
  overlayClassName?: string;
  /** Size, frame and padding of the panel. */
  className: string;
  /** False when closing by leaving the page (a menu's link): the focus goes to the new page (useRouteFocus), not back to the opener. */
  giveFocusBack?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog over a dimmed page (Radix: focus trap, Escape, aria). Give it a DialogTitle and a DialogDescription.
 * Closing gives the focus back to what had it when the dialog opened (Radix only does that for its own Trigger).
 * Inside, a button disabled while its call runs gets the focus back when it is enabled again (useFocusRescue).
 */
export function Dialog({ open, onOpenChange, placement = 'center', overlayClassName = 'bg-black/70', className, giveFocusBack = true, children }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useFocusRescue(content);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const giveBack = (e: Event) => {
    if (!giveFocusBack) return e.preventDefault();
    if (!opener.current?.isConnected) return;
    e.preventDefault();
    opener.current.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={clsx('fixed inset-0 z-40', overlayClassName)} />
        <RadixDialog.Content
          ref={setContent}
          onOpenAutoFocus={remember}
          onCloseAutoFocus={giveBack}
          className={clsx('fixed z-50', PLACEMENT[placement], className)}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;

/** The X in a dialog's corner. */
export function DialogCloseX({ label = 'Close', className, disabled }: { label?: string; className?: string; disabled?: boolean }) {
  return (
    <RadixDialog.Close className={clsx('rounded-md p-1 hover:bg-zinc-800', className)} aria-label={label} disabled={disabled}>
      <X className="size-5" aria-hidden />
    </RadixDialog.Close>
  );
}
