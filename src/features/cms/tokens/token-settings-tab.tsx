import { Coins, Settings } from 'lucide-react';
import clsx from 'clsx';
import { useEffect, useState, type FormEvent } from 'react';
import { SETTINGS_MSG, type AppSettings } from '@common/cms/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, INPUT } from '@/components/ui/field';
import { useRoles } from '@/hooks/use-account';
import { ApiError } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveSettings, useSettings } from './load-settings';
import { bodyFrom, ECONOMY_GROUPS, MIGRATION_THRESHOLD_FIELD, saveErrorText, valuesFrom, type FormValues, type SettingField } from './settings-form';

type Invalid = { path: string; message: string } | null;

type NumberFieldProps = { field: SettingField; values: FormValues; onChange: (path: string, v: string) => void; invalid: Invalid; readOnly?: boolean };

function NumberField({ field, values, onChange, invalid, readOnly = false }: NumberFieldProps) {
  return (
    <Field label={field.label} compact error={invalid?.path === field.path ? invalid.message : null}>
      <input
        className={clsx(INPUT, readOnly && 'cursor-not-allowed border-dashed')}
        inputMode="numeric"
        readOnly={readOnly}
        name={field.path}
        value={values[field.path] ?? ''}
        onChange={(e) => onChange(field.path, e.target.value)}
      />
    </Field>
  );
}

/**
 * The token economy settings form: the Token Economy tab ('tokens', admins) and the Config tab
 * ('config', super admins: the same form plus the migration settings).
 */
export function TokenSettingsTab({ mode }: { mode: 'tokens' | 'config' }) {
  const { data, error } = useSettings();
  const [values, setValues] = useState<FormValues | null>(null);
  const [enabled, setEnabled] = useState(false);
  // What the form was filled with: a save sends only what differs from it.
  const [loaded, setLoaded] = useState<{ values: FormValues; enabled: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  /** The field the server refused: marked, its reason under it, and focused. */
  const [invalid, setInvalid] = useState<Invalid>(null);
  const show = (s: AppSettings) => {
    const shown = valuesFrom(s);
    setValues(shown);
    setEnabled(s.migration.migration_enabled);
    setLoaded({ values: shown, enabled: s.migration.migration_enabled });
  };
  useEffect(() => {
    if (data) show(data);
  }, [data]);
  const change = (path: string, v: string) => {
    if (invalid?.path === path) setInvalid(null);
    setValues((old) => ({ ...old, [path]: v }));
  };
  const config = mode === 'config';
  // The rewards create tokens: an admin sees them, only a super admin changes them (the API refuses anyone else).
  const { superAdmin } = useRoles();
  const title = config ? SETTINGS_MSG.configTitle : SETTINGS_MSG.tokensSubtitle;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || !loaded || saving) return;
    const form = e.currentTarget as HTMLFormElement;
    setSaving(true);
    try {
      show(await saveSettings(bodyFrom(values, loaded.values, config ? { enabled, loadedEnabled: loaded.enabled } : null, superAdmin)));
      setInvalid(null);
      notifySuccess(SETTINGS_MSG.saved);
    } catch (err) {
      const path = err instanceof ApiError ? err.field : null;
      const input = path ? form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(path)}"]`) : null;
      if (input && err instanceof ApiError) {
        setInvalid({ path: path!, message: err.withoutField });
        input.focus();
      }
      notifyError(SETTINGS_MSG.saveFailed, err instanceof ApiError ? saveErrorText(err) : err);
    } finally {
      setSaving(false);
    }
  };

  const Icon = config ? Settings : Coins;
  return (
    <Card className="p-6" aria-labelledby={`settings-${mode}`}>
      <h2 id={`settings-${mode}`} className="flex items-center gap-2 text-xl font-bold">
        <Icon className="size-5 text-fuchsia-400" aria-hidden /> {title}
      </h2>
      {config ? <p className="mt-1 text-sm text-zinc-400">Token economy settings and the token migration.</p> : null}
      {!values ? (
        <p className="mt-4 text-zinc-400" role={error ? 'alert' : 'status'}>
          {error ? SETTINGS_MSG.loadFailed : 'Loading...'}
        </p>
      ) : (
        <form className="mt-4 space-y-6" onSubmit={submit} aria-label={title}>
          {ECONOMY_GROUPS.map((g) => (
            <fieldset key={g.title} aria-describedby={g.superAdminOnly && !superAdmin ? `${mode}-grants-note` : undefined}>
              <legend className="text-sm font-semibold text-zinc-300">{g.title}</legend>
              {g.superAdminOnly && !superAdmin ? (
                <p id={`${mode}-grants-note`} className="mt-1 text-xs text-zinc-400">
                  {SETTINGS_MSG.grantsSuperOnly}
                </p>
              ) : null}
              <div className="mt-2 grid gap-3 sm:grid-cols-3">
                {g.fields.map((f) => (
                  <NumberField key={f.path} field={f} values={values} onChange={change} invalid={invalid} readOnly={g.superAdminOnly === true && !superAdmin} />
                ))}
              </div>
            </fieldset>
          ))}
          {config ? (
            <fieldset>
              <legend className="text-sm font-semibold text-zinc-300">Token migration</legend>
              <div className="mt-2 grid items-end gap-3 sm:grid-cols-3">
                <NumberField field={MIGRATION_THRESHOLD_FIELD} values={values} onChange={change} invalid={invalid} />
                <label className="flex items-center gap-2 py-2.5 text-sm">
                  <input type="checkbox" className="size-4 accent-fuchsia-500" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
                  Migration enabled
                </label>
              </div>
            </fieldset>
          ) : null}
          <Button type="submit" busy={saving} className="px-5 py-2.5 font-semibold">
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </form>
      )}
    </Card>
  );
}
