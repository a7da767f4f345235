import { useState, type ChangeEvent } from 'react';

/** The keys of a form whose values are plain text. */
type TextKeys<T> = { [K in keyof T]: string extends T[K] ? K : never }[keyof T];

/**
 * A form's values: `set(key, value)` changes one, `bind(key)` gives a text field its `value` and
 * `onChange`, `reset()` goes back to the first values.
 */
export function useFormState<T extends object>(initial: T) {
  const [first] = useState(initial);
  const [form, setForm] = useState(first);
  const set = <K extends keyof T>(key: K, value: T[K]) => setForm((old) => ({ ...old, [key]: value }));
  const bind = <K extends TextKeys<T>>(key: K) => ({
    value: form[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.target.value as T[K]),
  });
  return { form, set, bind, reset: () => setForm(first) };
}

/**
 * The one field a form's check refused and why: `errorOf(field)` is the message to show under that
 * field (undefined under the others), `refuse(field, message)` sets it, `clear()` drops it and
 * `clear(field)` drops it only if it is that field's (typing in the field takes its refusal away).
 */
export function useFieldError<F extends string>() {
  const [refused, setRefused] = useState<{ field: F; message: string } | null>(null);
  return {
    refused,
    errorOf: (field: F) => (refused?.field === field ? refused.message : undefined),
    refuse: (field: F, message: string) => setRefused({ field, message }),
    clear: (field?: F) => setRefused((old) => (field === undefined || old?.field === field ? null : old)),
  };
}
