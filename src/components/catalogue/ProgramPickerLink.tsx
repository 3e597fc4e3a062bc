/**
 * A link to the programs page that, on a desktop, opens the header's program menu instead (the
 * popover the server drew: decision 097), from anywhere on the page. The client's entry does it by
 * its `data-program-menu`, without React, the moment it is pressed (entry.ts, decision 099); on a
 * phone, with a modifier or without JavaScript it is the link. The attribute is written here and in
 * the entry: the entry importing this module would bring React's JSX runtime with it.
 */
export function ProgramPickerLink({ label, main = false }: { label: string; /** the page's main call to action (`data-main-action`) */ main?: boolean }) {
  return (
    <a className="btn btn--primary" href="/programs" data-program-menu="" data-main-action={main ? "" : undefined}>
      <span className="btn__label">{label}</span>
    </a>
  );
}
