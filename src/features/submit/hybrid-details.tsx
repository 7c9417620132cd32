import { AI_TOOLS, HYBRID_ELEMENTS } from '@common/contest/contest';
import { STORY_MAX } from '@common/radio/submission';
import { toggleIn } from './submit-rules';

type ChipsProps = { legend: string; name: string; options: readonly string[]; value: string[]; onChange: (v: string[]) => void; disabled: boolean };

/** A multi-select as a row of checkbox chips. */
function Chips({ legend, name, options, value, onChange, disabled }: ChipsProps) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-zinc-700 px-3 py-1 text-sm text-zinc-300 has-[:checked]:border-fuchsia-500 has-[:checked]:bg-fuchsia-600/20 has-[:checked]:text-fuchsia-100"
          >
            <input type="checkbox" name={name} className="size-3.5 accent-fuchsia-500" checked={value.includes(o)} onChange={() => onChange(toggleIn(value, o))} disabled={disabled} />
            {o}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type Props = {
  aiElements: string[];
  humanElements: string[];
  tools: string[];
  story: string;
  onChange: (patch: Partial<{ aiElements: string[]; humanElements: string[]; tools: string[]; story: string }>) => void;
  disabled: boolean;
};

/** What a hybrid track's AI and humans each did, the tools used, and an optional story. */
export function HybridDetails({ aiElements, humanElements, tools, story, onChange, disabled }: Props) {
  return (
    <div className="space-y-4 rounded-lg border border-violet-500/30 bg-violet-500/5 p-4">
      <Chips legend="AI elements" name="hybridAiElements" options={HYBRID_ELEMENTS} value={aiElements} onChange={(v) => onChange({ aiElements: v })} disabled={disabled} />
      <Chips legend="Human elements" name="hybridHumanElements" options={HYBRID_ELEMENTS} value={humanElements} onChange={(v) => onChange({ humanElements: v })} disabled={disabled} />
      <Chips legend="Tools used" name="hybridTools" options={AI_TOOLS} value={tools} onChange={(v) => onChange({ tools: v })} disabled={disabled} />
      <label className="block space-y-1.5 text-sm">
        <span className="font-medium">
          Creation story <span className="text-zinc-400">(optional)</span>
        </span>
        <textarea
          value={story}
          onChange={(e) => onChange({ story: e.target.value })}
          disabled={disabled}
          rows={4}
          maxLength={STORY_MAX}
          placeholder="How did humans and AI make this track together?"
          className="w-full rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2 text-zinc-100 placeholder:text-zinc-400 focus:border-fuchsia-500 focus:outline-none focus:ring-2 focus:ring-fuchsia-500/30"
        />
      </label>
    </div>
  );
}
