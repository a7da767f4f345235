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
