import type { MouseEvent, ReactNode } from "react";
import { CloseIcon } from "./icons";

/** The default label of a button with no text of its own (spec 9). */
const DEFAULT_BUTTON_LABEL = "Кнопка";
/** The label of every close button (spec 4 and 9). */
const CLOSE_LABEL = "Закрыть";

export type ButtonVariant = "primary" | "violet" | "outline" | "live";

interface ButtonProps {
  children?: ReactNode;
  /** a link target makes it a link; a link has no disabled state */
  href?: string;
  /** with `href`: where the link opens; any target gets the safe-opener attributes */
  target?: "_blank" | "_self";
  variant?: ButtonVariant;
  /** the optional extra information line under the label */
  extraInfo?: ReactNode;
  disabled?: boolean;
  type?: "button" | "submit";
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  className?: string;
  ariaLabel?: string;
}

/** The site's button (spec 4): a button, or a link when it has a target; disabled does nothing. */
export function Button({
  children = DEFAULT_BUTTON_LABEL,
  href,
  target,
  variant = "primary",
  extraInfo,
  disabled = false,
  type = "button",
  onClick,
  className,
  ariaLabel,
}: ButtonProps) {
  const classes = ["btn", `btn--${variant}`, extraInfo ? "btn--with-info" : "", className ?? ""].filter(Boolean).join(" ");
  const content = (
    <>
      <span className="btn__label">{children}</span>
      {extraInfo ? <span className="btn__info">{extraInfo}</span> : null}
    </>
  );
  if (href !== undefined) {
    return (
      <a
        className={classes}
        href={href}
        target={target}
        rel={target ? "noopener noreferrer" : undefined}
        onClick={onClick}
        aria-label={ariaLabel}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      className={classes}
      type={type}
      disabled={disabled}
      aria-label={ariaLabel}
      onClick={(event) => {
        if (disabled) return;
        onClick?.(event);
      }}
    >
      {content}
    </button>
  );
}

/** The close button of a panel or dialog; without `onClick`, the submit button of its form (a dialog's `method="dialog"` form closes it without script). */
export function CloseButton({ onClick, className }: { onClick?: () => void; className?: string }) {
  return (
    <button type={onClick ? "button" : "submit"} className={`close-btn ${className ?? ""}`.trim()} aria-label={CLOSE_LABEL} title={CLOSE_LABEL} onClick={onClick}>
      <CloseIcon />
    </button>
  );
}
