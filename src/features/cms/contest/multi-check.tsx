/** A multi-select as a group of checkboxes (keeps the given order of choices). */
export function MultiCheck({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const toggle = (c: string) => onChange(value.includes(c) ? value.filter((v) => v !== c) : choices.filter((x) => x === c || value.includes(x)));
  return (
    <fieldset>
      <legend className="mb-1 text-sm text-zinc-300">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <label
            key={c}
            className={`cursor-pointer rounded-full border px-3 py-1 text-xs ${
              value.includes(c) ? 'border-fuchsia-500 bg-fuchsia-500/20 text-fuchsia-100' : 'border-zinc-700 text-zinc-300 hover:bg-zinc-800'
            }`}
          >
            <input type="checkbox" className="sr-only" checked={value.includes(c)} onChange={() => toggle(c)} />
            {c}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
