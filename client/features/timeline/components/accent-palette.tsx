// The accent colour as a radio group (DECISIONS §9): native radios, so Tab reaches the group and the arrow
// keys move through it; each swatch is named (visually hidden text, and a tooltip).
import { ACCENT_COLOR_NAMES, ACCENT_COLORS, type AccentColor } from '../../../../common/appearance.ts';
import { cn } from '../../../lib/utils.ts';

const SWATCH =
  'flex size-9 items-center justify-center rounded-full border-2 border-card ring-2 ring-transparent ring-offset-0 transition-shadow peer-checked:ring-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-foreground';

export function AccentPalette({
  value,
  onChange,
  disabled,
}: {
  value: AccentColor | null;
  onChange: (value: AccentColor | null) => void;
  disabled?: boolean;
}) {
  const options: { key: string; name: AccentColor | null; label: string; hex: string | null }[] = [
    { key: 'default', name: null, label: 'Default', hex: null },
    ...ACCENT_COLOR_NAMES.map((name) => ({ key: name, name, ...ACCENT_COLORS[name] })),
  ];
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Accent colour</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.key} className="relative cursor-pointer" title={option.label}>
            <input
              type="radio"
              name="accent-colour"
              value={option.key}
              checked={value === option.name}
              onChange={() => onChange(option.name)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={cn(SWATCH, !option.hex && 'border-border bg-card text-xs text-muted-foreground')}
              style={option.hex ? { backgroundColor: option.hex } : undefined}
            >
              {!option.hex && 'Aa'}
            </span>
            <span className="sr-only">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
