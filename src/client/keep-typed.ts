/**
 * What a visitor typed into an island before React took it over. Hydration leaves the fields as
 * they are, but the component's state still holds the server's values, so its first re-render
 * wrote them back («abc@ex.ru» became «c@ex.ru», issue #16). The island's fields are read when
 * hydration commits and handed to the component as the change events a person's typing makes.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface Typed {
  field: Field;
  value: string;
  checked: boolean;
  /** where the caret was (fields that have one), so the visitor goes on typing where they stopped */
  selection: [number, number] | null;
}

const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

function selectDefault(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
}

/** A field the visitor changed: its value (or check) is no longer the one the server wrote. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return !field.multiple && field.value !== selectDefault(field);
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** The caret of a text field; null where the type has none (e-mail, number) or the field is a select. */
function selectionOf(field: Field): [number, number] | null {
  if (field instanceof HTMLSelectElement) return null;
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}

/** The fields of an island that hold what the visitor typed, chose or ticked before it hydrated. */
export function typedBefore(root: HTMLElement): Typed[] {
  const typed: Typed[] = [];
  for (const element of root.querySelectorAll<HTMLElement>("input, textarea, select")) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if ((element instanceof HTMLInputElement && NOT_TYPED.has(element.type)) || !changed(element)) continue;
    typed.push({ field: element, value: element.value, checked: isCheckable(element) && element.checked, selection: selectionOf(element) });
  }
  return typed;
}

/** The value setter of the element's class, which React's value tracking on the element itself does not see. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

/**
 * Gives each typed value to the component, one event at a time (React settles a controlled
 * field's change before the next event, so no handler sees another field's old state): the field
 * is first set back to the server's value where React's tracking sees it, then to the typed one
 * where it does not, so the input event is a change to React, as a keystroke would be.
 */
export function handToReact(typed: readonly Typed[]): void {
  for (const { field, value, checked, selection } of typed) {
    if (!field.isConnected || field.disabled) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (isCheckable(field)) {
      field.checked = !checked;
      field.click();
    } else {
      field.value = field.defaultValue;
      setNativeValue(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      // setting the value put the caret at its end, or at its start for a field never focused
      if (selection && field.value === value) field.setSelectionRange(...selection);
    }
  }
}
