import { Construction } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** A CMS section that is not built yet says so plainly. */
export function LaterPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-6" aria-labelledby="later-title">
      <div className="flex items-center gap-3">
        <Construction className="size-6 text-amber-400" aria-hidden />
        <h2 id="later-title" className="text-xl font-bold">{title}</h2>
      </div>
      <p className="mt-2 text-zinc-400">{children}</p>
      <p className="mt-4 text-sm text-zinc-300">This part of the CMS arrives in a later release.</p>
    </Card>
  );
}
