/** The form the server rendered that posts to `action`, while the page still holds it (none on the server). */
export function serversForm(action: string | undefined) {
  if (typeof document === 'undefined' || !action) return undefined;
  const form = document.querySelector(`form[action="${action}"]`);
  return form instanceof HTMLFormElement ? form : undefined;
}

/**
 * What the server's form posting to `action` holds as the script takes the page over: typed or chosen on a slow
 * phone before the script arrived. Read in the first render, before React has touched the page: hydration
 * keeps a text field's characters on screen but not in the form's state, and unticks a chosen radio (the form
 * then answered "Enter your name" beside a name in full view). By field name: a checkbox's ticked state, a
 * radio group's chosen value (left out when none is), any other field's value.
 */
export function typedBeforeScript(action: string): Record<string, string | boolean> | undefined {
  const form = serversForm(action);
  if (!form) return undefined;
  const values: Record<string, string | boolean> = {};
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') values[field.name] = field.checked;
    else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked) values[field.name] = field.value;
    } else if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    )
      values[field.name] = field.value;
  }
  delete values[''];
  return values;
}

/** One text field's value of the server's form at `action`, as typedBeforeScript reads it. */
export function typedText(action: string, name: string) {
  const value = typedBeforeScript(action)?.[name];
  return typeof value === 'string' ? value : undefined;
}
