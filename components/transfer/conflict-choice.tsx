import { CONFLICT_CHOICES, type ConflictMode } from "./import-types.ts";

export type ConflictChoiceProps = { mode: ConflictMode; disabled: boolean; onChange: (mode: ConflictMode) => void };

/** What happens to a path that already exists with other content: skip, overwrite or fail, chosen before the preview. */
export function ConflictChoice({ mode, disabled, onChange }: ConflictChoiceProps) {
  return (
    <fieldset className="space-y-1" disabled={disabled}>
      <legend className="font-medium text-slate-900">When a path already exists with other content</legend>
      <div className="flex flex-wrap gap-4">
        {CONFLICT_CHOICES.map((choice) => (
          <label key={choice.mode} className="flex items-center gap-2" title={choice.hint}>
            <input type="radio" name="import-conflict" checked={mode === choice.mode} onChange={() => onChange(choice.mode)} />
            {choice.label} <span className="text-xs text-slate-500">({choice.hint})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
