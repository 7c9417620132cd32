import { toast } from './toast';

/**
 * The one place errors become toasts: the spec's title, and as detail the server's message,
 * an error's message, a given text, or the fallback.
 */
export function notifyError(title: string, detail?: unknown, fallback?: string): void {
  const text = typeof detail === 'string' ? detail : detail instanceof Error && detail.message ? detail.message : fallback;
  toast.error(title, text ? { description: text } : undefined);
}

export const notifyInfo = (title: string, description?: string): void => {
  toast.info(title, description ? { description } : undefined);
};

export const notifySuccess = (title: string, description?: string): void => {
  toast.success(title, description ? { description } : undefined);
};
