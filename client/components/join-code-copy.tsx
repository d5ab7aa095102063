// The owner's join code with a copy button (dashboard cards and Timeline Members); "Copied" shows for 2 s
// (spec 000 §2, §8-9).
import { Check, Copy } from 'lucide-react';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard.ts';
import { toast } from '../lib/use-toast.ts';
import { Button } from './ui/button.tsx';

export function JoinCodeCopy({ code, disabled = false }: { code: string; disabled?: boolean }) {
  const { copied, copy } = useCopyToClipboard();
  const onCopy = async () => {
    if (await copy(code)) toast({ title: 'Join code copied to clipboard' });
    else toast({ title: 'Error', description: 'Could not copy the join code', variant: 'destructive' });
  };
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg border border-dashed border-input bg-card px-3 py-1.5">
      <p className="min-w-0 text-sm">
        <span className="text-muted-foreground">Join code: </span>
        <code className="font-mono font-semibold tracking-wider" data-testid="join-code">
          {code}
        </code>
      </p>
      <Button variant="ghost" size="sm" className="h-8 px-2" disabled={disabled} onClick={onCopy}>
        {copied ? <Check className="text-emerald-700" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> join code</span>
      </Button>
    </div>
  );
}
